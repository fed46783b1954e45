import "server-only";
import { addDays, comparisonRange, daysBetween } from "@/lib/dates";
import { HEADLINE_KPIS, MAX_HEADLINE_KPIS } from "@/lib/insights/headline-kpis";
import { pickSource } from "@/lib/insights/pick-source";
import { METRIC_CATALOGUE, metricDefinition, metricUnit } from "@/lib/catalogue/metrics";
import type { SiteType } from "@/lib/constants/site-types";
import { pool } from "../../db/client";
import { activeSourceIds } from "../data-sources/project-source-ids";
import type { ReportServiceContext } from "../context";

export interface ReportKpi {
  metric: string;
  unit: string;
  current: number | null;
  baseline: number | null;
  change: number | null;
  /** Relative change as a fraction; null when the baseline is 0 or unknown. */
  changePct: number | null;
  /** The period's days, for the sparkline and its table. */
  points: { date: string; value: number | null }[];
}

/** The observation column of a stored metric (a ratio's parts are stored metrics). */
const columnOf = (key: string): string | null =>
  (METRIC_CATALOGUE.find((m) => m.key === key && "column" in m) as { column?: string } | undefined)?.column ?? null;

/** A ratio's numerator and denominator, an additive metric itself. */
function partsOf(metric: string): string[] {
  const def = metricDefinition(metric);
  return def.kind === "ratio" ? [def.numerator, def.denominator] : [def.key];
}

type Day = Map<string, number | null>;

/**
 * GET /reports/{id}/kpis: the headline figures of the report's period against its comparison period, for the site
 * type (lib/insights/headline-kpis.ts), each with its daily series.
 *
 * Read straight from `observations` (the web process never loads the insight engine), by the engine's rules: all
 * rows of a source's day share one grain, so their sum is the day's total; each metric is read from the one source
 * holding the most days of all its parts (pickSource), so nothing is counted twice; a ratio is recomputed from its
 * summed parts; a day a source has no row for is 0 between its first and last day in the window and unknown outside
 * them.
 */
export async function reportKpis({ ctx }: { ctx: ReportServiceContext }) {
  const { report, project } = ctx.access;
  const comparison = comparisonRange(report.periodStart, report.periodEnd, report.compareTo);
  const from = comparison.start < report.periodStart ? comparison.start : report.periodStart;
  const candidates = HEADLINE_KPIS[project.siteType as SiteType] ?? HEADLINE_KPIS.ecommerce;
  // Sessions always: a source that counts visits wins a tie for a metric (pickSource).
  const parts = [...new Set(["sessions", ...candidates.flatMap(partsOf)])].filter((p) => columnOf(p));
  const columns = parts.map((p) => `sum(o.${columnOf(p)}) as "${p}"`).join(", ");
  // The active sources first: only their partitions of `observations` are read.
  const sources = await activeSourceIds(project.id);
  const { rows } = await pool().query<Record<string, string | number | null>>(
    `select o.data_source_id as source, to_char(o.date, 'YYYY-MM-DD') as date, ${columns}
       from observations o
      where o.data_source_id = any($1::uuid[]) and o.date between $2 and $3
      group by 1, 2`,
    [sources, from, report.periodEnd],
  );

  // source → date → part → value
  const bySource = new Map<string, Map<string, Day>>();
  for (const row of rows) {
    const source = String(row.source);
    const days = bySource.get(source) ?? new Map<string, Day>();
    bySource.set(source, days);
    days.set(String(row.date), new Map(parts.map((p) => [p, row[p] === null ? null : Number(row[p])])));
  }
  const daysWith = (source: string, needed: string[]) =>
    [...bySource.get(source)!.values()].filter((d) => needed.every((p) => d.get(p) !== null && d.get(p) !== undefined))
      .length;

  const kpis: ReportKpi[] = [];
  for (const metric of candidates) {
    if (kpis.length >= MAX_HEADLINE_KPIS) break;
    const needed = partsOf(metric);
    const source = pickSource(
      [...bySource.keys()].map((s) => ({
        sourceId: s,
        days: daysWith(s, needed),
        seesSite: daysWith(s, ["sessions"]) > 0,
      })),
    );
    if (!source) continue;
    const days = bySource.get(source)!;
    const dates = [...days.keys()].sort();
    const first = dates[0];
    const last = dates[dates.length - 1];
    const part = (date: string, p: string): number | null => {
      if (date < first || date > last) return null;
      return days.get(date)?.get(p) ?? 0;
    };
    const ratio = metricDefinition(metric).kind === "ratio";
    const sum = (start: string, end: string, p: string) => {
      let total = 0;
      let any = false;
      for (let d = start; d <= end; d = addDays(d, 1)) {
        const v = part(d, p);
        if (v === null) continue;
        total += v;
        any = true;
      }
      return any ? total : null;
    };
    const valueOver = (start: string, end: string) => {
      const num = sum(start, end, needed[0]);
      if (!ratio) return num;
      const den = sum(start, end, needed[1]);
      return num !== null && den ? num / den : null;
    };
    const current = valueOver(report.periodStart, report.periodEnd);
    const baseline = valueOver(comparison.start, comparison.end);
    if (current === null && baseline === null) continue;
    const change = current !== null && baseline !== null ? current - baseline : null;
    const points = Array.from({ length: daysBetween(report.periodStart, report.periodEnd) }, (_, i) => {
      const date = addDays(report.periodStart, i);
      return { date, value: valueOver(date, date) };
    });
    kpis.push({
      metric,
      unit: metricUnit(metric),
      current,
      baseline,
      change,
      changePct: change !== null && baseline ? change / Math.abs(baseline) : null,
      points,
    });
  }
  return {
    reportId: report.id,
    periodStart: report.periodStart,
    periodEnd: report.periodEnd,
    comparisonStart: comparison.start,
    comparisonEnd: comparison.end,
    currency: project.currency,
    kpis,
  };
}
