// Competitive analysis (pure: no database): the client's domain against each competitor on search
// visibility, shared and missing keywords, and estimated traffic share, in the report period and
// the comparison period, with the keyword moves that drove the change ("lost 12 keywords in the
// top 3 to competitor.com"). Inputs come from the keyword partner (positions by keyword and day)
// and the competitor source (visits by day); see load-competition.ts.
import type { Finding } from "../types";

/** Positions by day (YYYY-MM-DD → position, 1 = top); a missing day is "not in the tracked results". */
export type PositionsByDay = Record<string, number>;

export interface CompetitionKeyword {
  keyword: string;
  /** Estimated daily searches (monthly volume / 30). */
  searches: number;
  client: PositionsByDay;
  competitors: Record<string, PositionsByDay>;
}

export interface CompetitionData {
  clientDomain: string;
  competitors: string[];
  keywords: CompetitionKeyword[];
  /** Daily sessions of the client's site, and estimated daily visits of each competitor. */
  clientVisits: Record<string, number>;
  competitorVisits: Record<string, Record<string, number>>;
}

export interface CompetitionWindow {
  periodStart: string;
  periodEnd: string;
  comparisonStart: string;
  comparisonEnd: string;
}

/**
 * Share of searches that click a result at each position (organic click-through curve, rounded
 * from the published AWR/Sistrix studies): visibility = Σ searches × CTR(position) / Σ searches.
 */
const CTR = [0.28, 0.15, 0.11, 0.08, 0.07, 0.05, 0.04, 0.03, 0.03, 0.025];
export function clickShare(position: number | null): number {
  if (position === null || !(position >= 1)) return 0;
  const p = Math.round(position);
  return p <= 10 ? CTR[p - 1] : p <= 20 ? 0.01 : 0;
}

const inRange = (date: string, start: string, end: string) => date >= start && date <= end;

/** Average position over the days of the range the domain ranked; null when it never ranked. */
export function averagePosition(days: PositionsByDay | undefined, start: string, end: string): number | null {
  if (!days) return null;
  let sum = 0;
  let n = 0;
  for (const [date, position] of Object.entries(days))
    if (inRange(date, start, end) && position > 0) {
      sum += position;
      n += 1;
    }
  return n ? sum / n : null;
}

export interface RangeFigures {
  visibility: number;
  /** Keywords both rank for (top 100). */
  shared: number;
  /** Keywords the competitor ranks in the top 10 for and the client does not. */
  missing: string[];
  /** Keywords where the client ranks in the top 3. */
  clientTop3: Set<string>;
  competitorVisibility: number;
  /** Client sessions / (client sessions + competitor visits); null without visits on either side. */
  trafficShare: number | null;
}

function sumRange(values: Record<string, number> | undefined, start: string, end: string): number | null {
  if (!values) return null;
  let sum = 0;
  let any = false;
  for (const [date, v] of Object.entries(values))
    if (inRange(date, start, end)) {
      sum += v;
      any = true;
    }
  return any ? sum : null;
}

/**
 * Search visibility by day: the share of the tracked keywords' searches a domain's positions that day would click
 * (0 for a keyword it does not rank for that day); days without any position of the domain are left out.
 */
export function visibilitySeries(
  data: CompetitionData,
  start: string,
  end: string,
  competitor?: string,
): { date: string; value: number }[] {
  const searches = data.keywords.reduce((s, k) => s + k.searches, 0);
  if (!searches) return [];
  const clicks = new Map<string, number>();
  for (const k of data.keywords) {
    const days = competitor === undefined ? k.client : k.competitors[competitor];
    for (const [date, position] of Object.entries(days ?? {}))
      if (inRange(date, start, end)) clicks.set(date, (clicks.get(date) ?? 0) + k.searches * clickShare(position));
  }
  return [...clicks.keys()].sort().map((date) => ({ date, value: clicks.get(date)! / searches }));
}

/**
 * A range's visibility: the mean of its daily visibility. The click share of each keyword's average position was a
 * step of its rounding: a keyword hovering about 10.5 read 2.5 % or 1 % by chance, and halved a domain's visibility
 * between two periods of pure noise.
 */
function meanVisibility(data: CompetitionData, start: string, end: string, competitor?: string): number {
  const days = visibilitySeries(data, start, end, competitor);
  return days.length ? days.reduce((s, d) => s + d.value, 0) / days.length : 0;
}

export function figuresFor(data: CompetitionData, competitor: string, start: string, end: string): RangeFigures {
  let shared = 0;
  const missing: { keyword: string; searches: number }[] = [];
  const clientTop3 = new Set<string>();
  for (const k of data.keywords) {
    const mine = averagePosition(k.client, start, end);
    const theirs = averagePosition(k.competitors[competitor], start, end);
    if (mine !== null && theirs !== null) shared += 1;
    if (theirs !== null && theirs <= 10 && (mine === null || mine > 10)) missing.push(k);
    if (mine !== null && mine <= 3) clientTop3.add(k.keyword);
  }
  const own = sumRange(data.clientVisits, start, end);
  const other = sumRange(data.competitorVisits[competitor], start, end);
  return {
    visibility: meanVisibility(data, start, end),
    competitorVisibility: meanVisibility(data, start, end, competitor),
    shared,
    missing: missing.sort((a, b) => b.searches - a.searches).map((k) => k.keyword),
    clientTop3,
    trafficShare: own !== null && other !== null && own + other > 0 ? own / (own + other) : null,
  };
}

export interface Top3Moves {
  /** Top-3 keywords the client held in the comparison period and now holds no longer, with the competitor above it. */
  lost: string[];
  /** The reverse: top-3 keywords the client took while the competitor fell below it. */
  won: string[];
}

export function top3Moves(data: CompetitionData, competitor: string, w: CompetitionWindow): Top3Moves {
  const lost: string[] = [];
  const won: string[] = [];
  for (const k of data.keywords) {
    const before = averagePosition(k.client, w.comparisonStart, w.comparisonEnd);
    const now = averagePosition(k.client, w.periodStart, w.periodEnd);
    const theirsBefore = averagePosition(k.competitors[competitor], w.comparisonStart, w.comparisonEnd);
    const theirsNow = averagePosition(k.competitors[competitor], w.periodStart, w.periodEnd);
    const wasTop = before !== null && before <= 3;
    const isTop = now !== null && now <= 3;
    if (wasTop && !isTop && theirsNow !== null && theirsNow <= 3 && (now === null || theirsNow < now))
      lost.push(k.keyword);
    if (!wasTop && isTop && theirsBefore !== null && theirsBefore <= 3 && (before === null || theirsBefore < before))
      won.push(k.keyword);
  }
  return { lost, won };
}

export interface CompetitorResult {
  competitor: string;
  current: RangeFigures;
  baseline: RangeFigures;
  moves: Top3Moves;
}

export function analyseCompetition(data: CompetitionData, w: CompetitionWindow): CompetitorResult[] {
  return data.competitors.map((competitor) => ({
    competitor,
    current: figuresFor(data, competitor, w.periodStart, w.periodEnd),
    baseline: figuresFor(data, competitor, w.comparisonStart, w.comparisonEnd),
    moves: top3Moves(data, competitor, w),
  }));
}

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
const pts = (v: number) => `${v >= 0 ? "+" : "−"}${Math.abs(v * 100).toFixed(1)} pts`;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The evidence of one competitor: visibility, keywords, traffic share and the top-3 drivers. */
export function competitionFindings(
  data: CompetitionData,
  results: CompetitorResult[],
  w: CompetitionWindow,
  /** Whether the client's visibility moved beyond its day-to-day variation (null: not judged). */
  visibilityMoved: boolean | null = null,
): Finding[] {
  const out: Finding[] = [];
  const base = (competitor: string) => ({
    kind: "competitor" as const,
    dimension: "competitor",
    dimensionValue: competitor,
    periodStart: w.periodStart,
    periodEnd: w.periodEnd,
    expectedLow: null,
    expectedHigh: null,
    confidence: 0.95,
  });
  const change = (current: number, baseline: number) => ({
    change: current - baseline,
    changePct: baseline === 0 ? null : (current - baseline) / Math.abs(baseline),
    direction: current > baseline ? ("up" as const) : current < baseline ? ("down" as const) : null,
  });
  for (const r of results) {
    const { competitor, current: c, baseline: b, moves } = r;
    // The top-3 moves first: they are the headline ("lost 12 keywords in the top 3 to …").
    if (moves.lost.length || moves.won.length) {
      const net = moves.won.length - moves.lost.length;
      const parts = [
        moves.lost.length ? `lost ${plural(moves.lost.length, "keyword")} in the top 3 to ${competitor}` : "",
        moves.won.length ? `won ${plural(moves.won.length, "keyword")} in the top 3 from ${competitor}` : "",
      ].filter(Boolean);
      out.push({
        ...base(competitor),
        kind: "competitor",
        metric: "top3Keywords",
        current: moves.won.length,
        baseline: moves.lost.length,
        change: net,
        changePct: null,
        direction: net > 0 ? "up" : net < 0 ? "down" : null,
        narrative: `${data.clientDomain} ${parts.join(" and ")} (${[...moves.lost, ...moves.won].slice(0, 5).join(", ")}).`,
      });
    }
    out.push({
      ...base(competitor),
      metric: "visibility",
      current: c.visibility,
      baseline: b.visibility,
      ...change(c.visibility, b.visibility),
      // Read by the sentiment (no colour), the next step and the screens: a move inside the daily variation.
      ...(visibilityMoved === false ? { withinVariation: true } : {}),
      narrative: `Search visibility: ${data.clientDomain} ${pct(c.visibility)} (${pts(c.visibility - b.visibility)}${visibilityMoved === false ? ", within its day-to-day variation" : ""}) against ${competitor} ${pct(c.competitorVisibility)} (${pts(c.competitorVisibility - b.competitorVisibility)}).`,
    });
    out.push({
      ...base(competitor),
      metric: "sharedKeywords",
      current: c.shared,
      baseline: b.shared,
      ...change(c.shared, b.shared),
      narrative: `${plural(c.shared, "keyword")} where both ${data.clientDomain} and ${competitor} rank (${plural(b.shared, "keyword")} before).`,
    });
    out.push({
      ...base(competitor),
      metric: "missingKeywords",
      current: c.missing.length,
      baseline: b.missing.length,
      ...change(c.missing.length, b.missing.length),
      narrative: `${plural(c.missing.length, "keyword")} where ${competitor} is in the top 10 and ${data.clientDomain} is not${c.missing.length ? `: ${c.missing.slice(0, 5).join(", ")}${c.missing.length > 5 ? ", …" : ""}` : ""}.`,
    });
    if (c.trafficShare !== null && b.trafficShare !== null)
      out.push({
        ...base(competitor),
        metric: "trafficShare",
        current: c.trafficShare,
        baseline: b.trafficShare,
        ...change(c.trafficShare, b.trafficShare),
        narrative: `Estimated traffic share against ${competitor}: ${pct(c.trafficShare)} of the two sites' visits (${pts(c.trafficShare - b.trafficShare)}).`,
      });
  }
  return out;
}

/** The client's share of all tracked sites' visits, by day: the chart of the insight. */
export function trafficShareSeries(data: CompetitionData, start: string, end: string) {
  const dates = Object.keys(data.clientVisits)
    .filter((d) => inRange(d, start, end))
    .sort();
  return dates.map((date) => {
    const own = data.clientVisits[date] ?? 0;
    const others = data.competitors.reduce((s, c) => s + (data.competitorVisits[c]?.[date] ?? 0), 0);
    return { date, value: own + others > 0 ? own / (own + others) : null };
  });
}
