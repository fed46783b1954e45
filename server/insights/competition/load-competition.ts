import "server-only";
import { pool } from "../../db/client";
import type { ProjectData } from "../data/project-data";
import type { ReportWindow } from "../data/window";
import type { CompetitionData, CompetitionKeyword } from "./analyse-competition";

/** The channel the competitor source stores competitors' rows under (competitor-connector.ts). */
const COMPETITOR_CHANNEL = "Competitor";

export interface CompetitionProject {
  id: string;
  url: string | null;
  settings: Record<string, unknown> | null;
}

/** The project option: on unless turned off (`settings.competitiveAnalysis === false`). */
export const competitiveAnalysisOn = (project: CompetitionProject) => project.settings?.competitiveAnalysis !== false;

const hostOf = (url: string | null | undefined): string | null => {
  if (!url) return null;
  try {
    return new URL(/^https?:\/\//i.test(url) ? url : `https://${url}`).hostname.replace(/^www\./, "");
  } catch {
    return null;
  }
};

/**
 * The competition data of a project for the report window, or null when the option is off or the
 * project has no active competitor source with competitor domains. Reads:
 * - the keyword partner's positions of the client's domain (keyword rows without a source), with
 *   their estimated daily searches (impressions) and position × searches (position_weighted);
 * - competitors' positions where a source holds them as keyword rows with the competitor's domain
 *   as the source and the "Competitor" channel;
 * - the competitor source's estimated visits per domain (source = domain, no keyword);
 * - the client's own sessions by day from the report's loaded data (the engine's totals).
 */
export async function loadCompetition(input: {
  project: CompetitionProject;
  data: ProjectData;
  window: ReportWindow;
}): Promise<CompetitionData | null> {
  const { project, data, window: w } = input;
  if (!competitiveAnalysisOn(project)) return null;
  const sources = await pool().query<{ id: string; kind: string; additional: Record<string, unknown> | null }>(
    `select id, kind, additional from data_sources
     where project_id = $1 and status = 'active' and kind in ('competitor', 'keyword_partner')`,
    [project.id],
  );
  const competitorSource = sources.rows.find((s) => s.kind === "competitor");
  const competitors = Array.isArray(competitorSource?.additional?.competitors)
    ? (competitorSource.additional.competitors as unknown[])
        .map((d) => hostOf(String(d)))
        .filter((d): d is string => !!d)
    : [];
  if (!competitorSource || competitors.length === 0) return null;
  const keywordSource = sources.rows.find((s) => s.kind === "keyword_partner");
  const clientDomain =
    hostOf(typeof keywordSource?.additional?.domain === "string" ? keywordSource.additional.domain : null) ??
    hostOf(project.url) ??
    "this site";
  const from = w.comparisonStart < w.periodStart ? w.comparisonStart : w.periodStart;
  const ids = sources.rows.map((s) => s.id);

  const rows = await pool().query<{
    date: string;
    keyword: string | null;
    source: string | null;
    channel: string | null;
    sessions: number | null;
    impressions: number | null;
    weighted: number | null;
  }>(
    `select to_char(o.date, 'YYYY-MM-DD') as date, d.keyword, d.source, d.channel,
            sum(o.sessions)::float8 as sessions, sum(o.impressions)::float8 as impressions,
            sum(o.position_weighted)::float8 as weighted
     from observations o join dimension_sets d on d.id = o.dimension_set_id
     where o.project_id = $1 and o.data_source_id = any($2::uuid[]) and o.date between $3::date and $4::date
     group by 1, 2, 3, 4`,
    [project.id, ids, from, w.periodEnd],
  );

  const known = new Set(competitors);
  const keywords = new Map<string, CompetitionKeyword>();
  const keywordOf = (k: string) => {
    let entry = keywords.get(k);
    if (!entry) keywords.set(k, (entry = { keyword: k, searches: 0, client: {}, competitors: {} }));
    return entry;
  };
  const searchDays = new Map<string, number>();
  const competitorVisits: Record<string, Record<string, number>> = {};
  for (const r of rows.rows) {
    const domain = r.source ? (hostOf(r.source) ?? r.source) : null;
    if (r.keyword && r.keyword !== "(not set)" && r.impressions && r.weighted !== null) {
      const position = r.weighted / r.impressions;
      const entry = keywordOf(r.keyword);
      if (!domain || r.channel !== COMPETITOR_CHANNEL) {
        entry.client[r.date] = position;
        entry.searches += r.impressions;
        searchDays.set(r.keyword, (searchDays.get(r.keyword) ?? 0) + 1);
      } else if (known.has(domain)) (entry.competitors[domain] ??= {})[r.date] = position;
    } else if (domain && known.has(domain) && r.channel === COMPETITOR_CHANNEL && r.sessions !== null) {
      (competitorVisits[domain] ??= {})[r.date] = (competitorVisits[domain][r.date] ?? 0) + r.sessions;
    }
  }
  // Searches per day: the average over the days the keyword was tracked.
  for (const entry of keywords.values()) entry.searches /= Math.max(1, searchDays.get(entry.keyword) ?? 1);

  const clientVisits: Record<string, number> = {};
  for (const p of data.series("sessions", from, w.periodEnd)) if (p.value !== null) clientVisits[p.date] = p.value;
  return { clientDomain, competitors, keywords: [...keywords.values()], clientVisits, competitorVisits };
}
