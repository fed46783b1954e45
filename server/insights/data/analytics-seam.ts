import "server-only";
import type { AnalyticsGeneration } from "@/lib/catalogue/analytics-generations";
import { addDays } from "@/lib/dates";
import { pool } from "../../db/client";

// A project's Universal Analytics history (an upload of UA's exports) and its Google Analytics 4 source are one
// site's analytics in two generations: read as one source, UA's days before GA4's first day and GA4's from it on.
// Read apart, each metric came from ONE of them (lib/insights/pick-source.ts, the most days), so a report of the
// GA4 months on a project with three years of UA read its sessions from UA: no data in its period. Where the two ran
// side by side (most properties had both tags for a year or more), GA4's days win from its first one: it is the
// generation the project continues in, and a day is never counted from both.

export interface AnalyticsSeam {
  /** The Universal Analytics source: its days before `from` are read as the GA4 source's. */
  legacyId: string;
  /** The Google Analytics 4 source the project continues in. */
  currentId: string;
  /** GA4's first day of data: the first day read from GA4. */
  from: string;
  /** UA's first day of data. */
  legacyFirst: string;
}

interface SourceRow {
  id: string;
  /** Sources pair within their project only. */
  project: string;
  generation: AnalyticsGeneration | null;
  grain: string;
  first: string | null;
}

/**
 * The seams among `sourceIds` (of one project or several): in each project, each GA4 source (a Google Analytics 4
 * connection, or an upload of GA4's exports) with the Universal Analytics upload whose history starts before it (the
 * earliest one, when there are several), both of daily rows. A UA source is stitched to one GA4 source at most.
 */
export async function analyticsSeams(sourceIds: readonly string[]): Promise<AnalyticsSeam[]> {
  if (sourceIds.length < 2) return [];
  const { rows } = await pool().query<SourceRow>(
    `select s.id, s.project_id as project, s.grain,
            case when s.kind = 'google' and s.sub_type = 'analytic-4' then 'ga4'
                 when s.kind = 'own' then nullif(s.additional->'upload'->>'generation', '') end as generation,
            (select to_char(min(t.date), 'YYYY-MM-DD') from observation_daily_totals t where t.data_source_id = s.id) as first
     from data_sources s where s.id = any($1::uuid[])`,
    [sourceIds],
  );
  return seamsOf(rows);
}

/** The pairing itself (pure): see analyticsSeams. */
export function seamsOf(rows: readonly SourceRow[]): AnalyticsSeam[] {
  const daily = rows.filter((r) => r.grain === "day" && r.first !== null);
  const legacy = daily
    .filter((r) => r.generation === "ua")
    .sort((a, b) => a.first!.localeCompare(b.first!) || a.id.localeCompare(b.id));
  const current = daily
    .filter((r) => r.generation === "ga4")
    .sort((a, b) => a.first!.localeCompare(b.first!) || a.id.localeCompare(b.id));
  const seams: AnalyticsSeam[] = [];
  const taken = new Set<string>();
  for (const ga4 of current) {
    const ua = legacy.find((u) => !taken.has(u.id) && u.project === ga4.project && u.first! < ga4.first!);
    if (!ua) continue;
    taken.add(ua.id);
    seams.push({ legacyId: ua.id, currentId: ga4.id, from: ga4.first!, legacyFirst: ua.first! });
  }
  return seams;
}

/** The last day read from the UA source of a seam. */
export const legacyLast = (seam: AnalyticsSeam): string => addDays(seam.from, -1);

/**
 * [from, to] cut to the days a seam's UA source is read for (before GA4's first day); null when none of them is.
 */
export function legacyPart(seam: AnalyticsSeam, from: string, to: string): { from: string; to: string } | null {
  const last = legacyLast(seam);
  const end = to < last ? to : last;
  return from <= end ? { from, to: end } : null;
}

/**
 * Each seam's UA days before GA4's first day moved onto its GA4 source (a day GA4 has stays GA4's), in date order, and
 * the UA source taken out: `bySource` maps a source to its days (date → that day's values).
 */
export function stitchDays<T>(bySource: Map<string, Map<string, T>>, seams: readonly AnalyticsSeam[]): void {
  for (const seam of seams) {
    const legacy = bySource.get(seam.legacyId);
    bySource.delete(seam.legacyId);
    if (!legacy) continue;
    const current = bySource.get(seam.currentId) ?? new Map<string, T>();
    const days = [...current];
    for (const [date, values] of legacy) if (date < seam.from && !current.has(date)) days.push([date, values]);
    days.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    bySource.set(seam.currentId, new Map(days));
  }
}
