import { addDays } from "@/lib/dates";
import { PART_INDEX, type PartKey } from "../../data/parts";
import { segmentSeries } from "../../data/segment-daily";
import { EPISODE_CONTEXT_DAYS } from "../../detectors/episodes";
import { seriesEpisodes } from "../../detectors/series-episodes";
import type { DailyPoint } from "../../types";
import type { EngineContext } from "../types";

// A site total's "episode" (a few days away from its level and back, detectors/episodes.ts) can be one segment's
// lasting step that the other segments' growth made up for. The report bench's Paid Search lost 40 % of its orders
// for good on the period's first day; the site's revenue, growing with the season, looked back at its level 11 days
// later, and its step ("Revenue shifted from about €36,129.28 to €34,157.88 a day on Oct 30, 2026 (-5.5%) … 100% of
// the drop came from Channel “Paid Search”") was told as days below their expected range instead. Likewise a channel
// that lost 40 % of its visits for good and another that gained as much ten days later made the site's revenue a
// stretch that "came back". The site's days away are an episode or a stretch only when no segment that carried most
// of their change stayed where it went.

/** Days read before and after the episode (as episodes.ts reads a run's), at most; at least this many on each side. */
const CONTEXT_DAYS = EPISODE_CONTEXT_DAYS;
const MIN_BEFORE = 7;
const MIN_AFTER = 5;
/** A segment carries the episode when its own change is this share of the total's at least. */
const CARRIES = 0.5;
/** It stayed when its days after are nearer its days in the episode than this share of its change. */
const STAYED = 0.5;

/**
 * Whether the site total's `metric` came back after the days `dates` (an episode's or a stretch's) as its watched
 * segments tell it: false when a segment moved with the total by half its change or more and did not come back.
 * True when the segments cannot tell (none watched, the metric no stored part, too few days around).
 */
export function segmentsCameBack(ctx: EngineContext, metric: string, dates: readonly string[]): boolean {
  if (!(metric in PART_INDEX) || dates.length === 0 || ctx.segmentDaily.series.length === 0) return true;
  const part = metric as PartKey;
  const first = dates[0];
  const last = dates[dates.length - 1];
  const from =
    addDays(first, -CONTEXT_DAYS) < ctx.segmentDaily.from ? ctx.segmentDaily.from : addDays(first, -CONTEXT_DAYS);
  const to = addDays(last, CONTEXT_DAYS) > ctx.window.periodEnd ? ctx.window.periodEnd : addDays(last, CONTEXT_DAYS);
  if (from > addDays(first, -MIN_BEFORE) || to < addDays(last, MIN_AFTER)) return true;
  const source = ctx.data.sourceFor([part]);
  if (!source) return true;
  const inEpisode = new Set(dates);
  const means = (points: readonly { date: string; value: number | null }[]) => {
    const sums = { before: [0, 0], during: [0, 0], after: [0, 0] };
    for (const p of points) {
      if (p.value === null) continue;
      const side =
        p.date < first ? sums.before : p.date > last ? sums.after : inEpisode.has(p.date) ? sums.during : null;
      if (!side) continue;
      side[0] += p.value;
      side[1]++;
    }
    const mean = ([sum, n]: number[]) => (n > 0 ? sum / n : NaN);
    return { before: mean(sums.before), during: mean(sums.during), after: mean(sums.after) };
  };
  const total = means(ctx.data.series(metric, from, to));
  const change = total.during - total.before;
  if (!(Math.abs(change) > 0)) return true;
  for (const s of ctx.segmentDaily.series) {
    if (s.sourceId !== source) continue;
    const m = means(segmentSeries(s, part, from, to, ctx.data.unknownDays(s.sourceId, ctx.excludedDays)));
    const own = m.during - m.before;
    if (!(own * Math.sign(change) >= CARRIES * Math.abs(change))) continue;
    if (Math.abs(m.after - m.during) < STAYED * Math.abs(own)) return false;
  }
  return true;
}

/** The dimension whose segments' episodes a total leaves out of its scan: one partition of it, channels first. */
const EPISODE_DIMENSIONS = ["channel", "campaign", "device", "source", "medium", "country"] as const;

/**
 * The site total's `series` of `metric` with its watched segments' own episodes taken out (each episode day's excess
 * over the segment's level around it), and those days. A week's promotion in one channel and a lasting drop in another
 * from its middle: the site's days were neither an episode (the level after was not the level before) nor one step,
 * and its scan read two, a rise on the promotion's first day and a larger drop on the day after it ("Sessions shifted
 * from about 1,902 to 2,230 a day on Nov 2, 2026 (+17.3%) … from about 2,014 to 1,627 a day on Nov 9, 2026 (-19.2%)"),
 * while the drop had begun on Nov 5. One dimension's segments (channels first) are disjoint parts of the total, so
 * their excesses add up; the days stay the site's unusual days, judged as such (`episodeDays`).
 */
export function withoutSegmentEpisodes(
  ctx: EngineContext,
  metric: string,
  series: readonly DailyPoint[],
): { series: readonly DailyPoint[]; days: string[] } {
  if (!(metric in PART_INDEX) || series.length === 0 || ctx.segmentDaily.series.length === 0)
    return { series, days: [] };
  const part = metric as PartKey;
  const source = ctx.data.sourceFor([part]);
  const ofSource = ctx.segmentDaily.series.filter((s) => s.sourceId === source);
  const dimension = EPISODE_DIMENSIONS.find((d) => ofSource.some((s) => s.dimension === d));
  if (!dimension) return { series, days: [] };
  const from = series[0].date < ctx.segmentDaily.from ? ctx.segmentDaily.from : series[0].date;
  const to = series[series.length - 1].date;
  const excess = new Map<string, number>();
  for (const s of ofSource) {
    if (s.dimension !== dimension) continue;
    const days = segmentSeries(s, part, from, to, ctx.data.unknownDays(s.sourceId, ctx.excludedDays));
    for (const episode of seriesEpisodes(days))
      episode.dates.forEach((date, k) => excess.set(date, (excess.get(date) ?? 0) + episode.excess[k]));
  }
  if (excess.size === 0) return { series, days: [] };
  const adjusted = series.map((p) => {
    const off = excess.get(p.date);
    // A count or an amount stays above zero: a segment's excess larger than the day's total is no reading of it.
    return off === undefined || p.value === null || !(p.value - off > 0) ? p : { ...p, value: p.value - off };
  });
  return { series: adjusted, days: [...excess.keys()].sort() };
}
