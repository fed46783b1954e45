import "server-only";
import { dateRange } from "@/lib/dates";
import { pool } from "../../db/client";
import type { VariantDay } from "../../insights/split-test/analyse-split-test";

export interface VariantData {
  /** The data source read (the one holding most traffic on both pages), null when none has any. */
  sourceId: string | null;
  a: VariantDay[];
  b: VariantDay[];
  sessionsA: number;
  sessionsB: number;
  /** Whether the project holds any landing page row in the period (any page, any source). */
  periodHasLandingPages: boolean;
}

type Row = {
  source: string;
  date: string;
  page: string;
  sessions: number | null;
  engaged: number | null;
  conversions: number | null;
  revenue: number | null;
};

/**
 * The two pages' daily totals from the observation store, landing page dimension. Sources are not
 * added together: two analytics sources of one site (an upload beside a connection) would count
 * the same sessions twice, so the source with the most traffic on the smaller side is read.
 * Competitor sources are never read (their visits are another site's).
 */
export async function loadVariantDays(input: {
  projectId: string;
  urlA: string;
  urlB: string;
  periodStart: string;
  periodEnd: string;
}): Promise<VariantData> {
  const { projectId, urlA, urlB, periodStart, periodEnd } = input;
  // The sources first: only their partitions of `observations` are read.
  const sources = await pool().query<{ id: string; readable: boolean }>(
    "select id, status = 'active' and kind <> 'competitor' as readable from data_sources where project_id = $1",
    [projectId],
  );
  const readable = sources.rows.filter((s) => s.readable).map((s) => s.id);
  const result = await pool().query<Row>(
    `select o.data_source_id as source, to_char(o.date, 'YYYY-MM-DD') as date, d.landing_page as page,
            sum(o.sessions)::float8 as sessions, sum(o.engaged_sessions)::float8 as engaged,
            sum(o.conversions)::float8 as conversions, sum(o.revenue)::float8 as revenue
     from observations o
     join dimension_sets d on d.id = o.dimension_set_id
     where o.data_source_id = any($1::uuid[]) and o.date between $2::date and $3::date and d.project_id = $4
       and d.landing_page = any($5::text[])
     group by 1, 2, 3`,
    [readable, periodStart, periodEnd, projectId, [urlA, urlB]],
  );
  const perSource = new Map<string, { a: number; b: number }>();
  for (const r of result.rows) {
    const entry = perSource.get(r.source) ?? { a: 0, b: 0 };
    if (r.page === urlA) entry.a += r.sessions ?? 0;
    if (r.page === urlB) entry.b += r.sessions ?? 0;
    perSource.set(r.source, entry);
  }
  let best: string | null = null;
  let bestScore = [-1, -1];
  for (const [source, s] of perSource) {
    const score = [Math.min(s.a, s.b), s.a + s.b];
    if (score[0] > bestScore[0] || (score[0] === bestScore[0] && score[1] > bestScore[1])) {
      best = source;
      bestScore = score;
    }
  }
  const days = dateRange(periodStart, periodEnd);
  const series = (page: string): VariantDay[] => {
    const byDate = new Map(result.rows.filter((r) => r.source === best && r.page === page).map((r) => [r.date, r]));
    return days.map((date) => {
      const r = byDate.get(date);
      return {
        date,
        sessions: r?.sessions ?? 0,
        engagedSessions: r?.engaged ?? null,
        conversions: r?.conversions ?? null,
        revenue: r?.revenue ?? null,
      };
    });
  };
  let periodHasLandingPages = result.rows.length > 0;
  if (!periodHasLandingPages) {
    const any = await pool().query(
      `select 1 from observations o join dimension_sets d on d.id = o.dimension_set_id
       where o.data_source_id = any($1::uuid[]) and o.date between $2::date and $3::date and d.landing_page is not null limit 1`,
      [sources.rows.map((s) => s.id), periodStart, periodEnd],
    );
    periodHasLandingPages = (any.rowCount ?? 0) > 0;
  }
  const chosen = best ? perSource.get(best)! : { a: 0, b: 0 };
  return {
    sourceId: best,
    a: series(urlA),
    b: series(urlB),
    sessionsA: chosen.a,
    sessionsB: chosen.b,
    periodHasLandingPages,
  };
}
