import "server-only";
import { DASHBOARD_KPI_DAYS } from "@/lib/api-client/dashboard-types";
import { addDays } from "@/lib/dates";
import { pool } from "../../db/client";
import { SEASON_YEAR_DAYS } from "../../insights/stats/season-prediction";
import { analyticsSeams, type AnalyticsSeam } from "../../insights/data/analytics-seam";
import { SUMMED_PARTS, type DayValues } from "./headline-kpis";

export interface ProjectDays {
  /** The period compared: the last DASHBOARD_KPI_DAYS days the project holds data for. */
  end: string;
  start: string;
  previousStart: string;
  previousEnd: string;
  days: DayValues[];
  /**
   * source → each summed part's totals over the two periods a year earlier (364 days back, the same weekdays), for
   * the sources whose rows reach back to the first of those days.
   */
  lastYear: Map<string, LastYearTotals>;
}

export interface LastYearTotals {
  current: (number | null)[];
  previous: (number | null)[];
}

/**
 * Every project's daily totals by source over its last two periods, in one set-based query on the
 * daily rollup (at most sources × 2 × DASHBOARD_KPI_DAYS rows reach JS; buildKpis reads each
 * metric from one source). Each project's period ends on
 * the newest day it holds, so a source that stopped reporting compares the days it has instead of
 * empty ones (the dashboard flags it as stale separately).
 */
export async function loadProjectDays(sourceIds: readonly string[]): Promise<Map<string, ProjectDays>> {
  const result = new Map<string, ProjectDays>();
  if (sourceIds.length === 0) return result;
  // Last year's totals are read beside the periods' days, on another connection.
  const lastYear = lastYearRows(sourceIds);
  lastYear.catch(() => undefined);
  const { rows } = await pool().query<Record<string, string | number | boolean | null>>(
    `with last as (
       select project_id, max(date) as end_date
       from observation_daily_totals where data_source_id = any($1::uuid[]) group by project_id)
     select t.project_id, t.data_source_id, to_char(l.end_date, 'YYYY-MM-DD') as end_date,
            to_char(t.date, 'YYYY-MM-DD') as date,
            (t.date > l.end_date - $2::int) as current,
            ${SUMMED_PARTS.map((p, i) => `sum(t.${p.column}) as p${i}`).join(", ")}
     from observation_daily_totals t join last l on l.project_id = t.project_id
     where t.data_source_id = any($1::uuid[]) and t.date > l.end_date - 2 * $2::int
     group by t.project_id, t.data_source_id, l.end_date, t.date
     order by t.project_id, t.date`,
    [sourceIds, DASHBOARD_KPI_DAYS],
  );
  for (const row of rows) {
    const projectId = String(row.project_id);
    let entry = result.get(projectId);
    if (!entry) {
      const end = String(row.end_date);
      const start = addDays(end, -(DASHBOARD_KPI_DAYS - 1));
      entry = {
        end,
        start,
        previousEnd: addDays(start, -1),
        previousStart: addDays(start, -DASHBOARD_KPI_DAYS),
        days: [],
        lastYear: new Map(),
      };
      result.set(projectId, entry);
    }
    entry.days.push({
      sourceId: String(row.data_source_id),
      date: String(row.date),
      current: Boolean(row.current),
      values: SUMMED_PARTS.map((_, i) => (row[`p${i}`] === null ? null : Number(row[`p${i}`]))),
    });
  }
  // A project's Universal Analytics history and its GA4 source are one source, as its reports read them.
  const seams = await analyticsSeams(sourceIds);
  for (const entry of result.values()) entry.days = stitchedDays(entry.days, seams);
  addLastYear(await lastYear, result);
  return result;
}

/**
 * Each project's two periods a year earlier, summed per source in one query on the daily rollup: what the season
 * predicts for the dashboard's change, as a report's header reads it (report-kpis.ts).
 */
async function lastYearRows(sourceIds: readonly string[]) {
  const { rows } = await pool().query<Record<string, string | number | null>>(
    `with last as (
       select project_id, max(date) as end_date
       from observation_daily_totals where data_source_id = any($1::uuid[]) group by project_id)
     select t.project_id, t.data_source_id, to_char(min(t.date), 'YYYY-MM-DD') as first,
            ${SUMMED_PARTS.map(
              (p, i) =>
                `sum(t.${p.column}) filter (where t.date > l.end_date - $3::int - $2::int) as c${i}, ` +
                `sum(t.${p.column}) filter (where t.date <= l.end_date - $3::int - $2::int) as b${i}`,
            ).join(", ")}
     from observation_daily_totals t join last l on l.project_id = t.project_id
     where t.data_source_id = any($1::uuid[])
       and t.date > l.end_date - $3::int - 2 * $2::int and t.date <= l.end_date - $3::int
     group by t.project_id, t.data_source_id`,
    [sourceIds, DASHBOARD_KPI_DAYS, SEASON_YEAR_DAYS],
  );
  return rows;
}

/** Keeps each project's sources whose rows reach back to the first of last year's days. */
function addLastYear(rows: Record<string, string | number | null>[], projects: Map<string, ProjectDays>): void {
  const number = (v: string | number | null | undefined) => (v === null || v === undefined ? null : Number(v));
  for (const row of rows) {
    const project = projects.get(String(row.project_id));
    // A partial year would fake a seasonal move.
    if (!project || row.first !== addDays(project.previousStart, -SEASON_YEAR_DAYS)) continue;
    project.lastYear.set(String(row.data_source_id), {
      current: SUMMED_PARTS.map((_, i) => number(row[`c${i}`])),
      previous: SUMMED_PARTS.map((_, i) => number(row[`b${i}`])),
    });
  }
}

/** A project's days, each seam's UA days before GA4's first day read as the GA4 source's (UA's others left out). */
function stitchedDays<T extends { sourceId: string; date: string }>(days: T[], seams: readonly AnalyticsSeam[]): T[] {
  if (seams.length === 0) return days;
  return days.flatMap((d) => {
    const seam = seams.find((s) => s.legacyId === d.sourceId);
    if (!seam) return [d];
    return d.date < seam.from ? [{ ...d, sourceId: seam.currentId }] : [];
  });
}
