import "server-only";
import { partnerConfig } from "./config";
import { partnerMalformed, partnerNotConfigured } from "./errors";
import { getPartnerJson } from "./http";

// Semrush Position Tracking, Organic Positions report (Projects API, JSON):
// GET {base}reports/v1/projects/{campaignId}/tracking/?key&action=report&type=tracking_position_organic
//     &url={mask}&date_begin=YYYYMMDD&date_end=YYYYMMDD&display_limit&display_offset
// answers { total, limit, offset, data: { "0": { Ph, Nq, Dt: { YYYYMMDD: { mask: position } } } } }.
// A position of 0 (or none) means not in the tracked results that day.

const PROVIDER = "Semrush";
export const SEMRUSH_PAGE_SIZE = 500;

export interface KeywordDay {
  keyword: string;
  date: string;
  position: number;
  /** Monthly searches (Semrush's Nq), as of the report. */
  searchVolume: number;
}

const compact = (iso: string) => iso.replaceAll("-", "");

/** Calls `onRows` with each page's keyword positions by day, within [startDate, endDate]. */
export async function fetchKeywordPositions(
  input: {
    campaignId: string;
    urlMask: string;
    startDate: string;
    endDate: string;
    /** The agency's own key; the server's is the fallback. */
    key?: string;
  },
  onRows: (rows: KeywordDay[]) => void,
): Promise<void> {
  const { SEMRUSH_API_KEY: serverKey, SEMRUSH_API_URL: base } = partnerConfig();
  const key = input.key ?? serverKey;
  if (!key) throw partnerNotConfigured(PROVIDER);
  for (let offset = 0; ; offset += SEMRUSH_PAGE_SIZE) {
    const url = new URL(`reports/v1/projects/${encodeURIComponent(input.campaignId)}/tracking/`, base);
    url.search = new URLSearchParams({
      key,
      action: "report",
      type: "tracking_position_organic",
      url: input.urlMask,
      date_begin: compact(input.startDate),
      date_end: compact(input.endDate),
      display_limit: String(SEMRUSH_PAGE_SIZE),
      display_offset: String(offset),
    }).toString();
    const body = (await getPartnerJson(PROVIDER, url)) as { total?: unknown; data?: unknown };
    if (!body || typeof body !== "object" || typeof body.data !== "object" || body.data === null)
      throw partnerMalformed(PROVIDER, "no data object in the Organic Positions answer");
    const entries = Object.values(body.data as Record<string, unknown>);
    onRows(entries.flatMap((entry) => keywordDays(entry, input.urlMask, input.startDate, input.endDate)));
    const total = Number(body.total);
    if (entries.length < SEMRUSH_PAGE_SIZE || !Number.isFinite(total) || offset + entries.length >= total) return;
  }
}

function keywordDays(entry: unknown, mask: string, start: string, end: string): KeywordDay[] {
  const row = entry as { Ph?: unknown; Nq?: unknown; Dt?: unknown };
  if (typeof row?.Ph !== "string" || typeof row.Dt !== "object" || row.Dt === null)
    throw partnerMalformed(PROVIDER, "a keyword row without Ph or Dt");
  const volume = Number(row.Nq ?? 0);
  if (!Number.isFinite(volume)) throw partnerMalformed(PROVIDER, `Nq is not a number: ${String(row.Nq).slice(0, 20)}`);
  const out: KeywordDay[] = [];
  for (const [day, byMask] of Object.entries(row.Dt as Record<string, Record<string, unknown>>)) {
    if (!/^\d{8}$/.test(day)) throw partnerMalformed(PROVIDER, `date is not YYYYMMDD: ${day.slice(0, 20)}`);
    const date = `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}`;
    if (date < start || date > end) continue;
    const position = Number(byMask?.[mask] ?? 0);
    if (!Number.isFinite(position)) throw partnerMalformed(PROVIDER, `position is not a number on ${day}`);
    if (position > 0) out.push({ keyword: row.Ph, date, position, searchVolume: volume });
  }
  return out;
}
