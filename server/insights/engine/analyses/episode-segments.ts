import { addDays } from "@/lib/dates";
import { PART_INDEX, type PartKey } from "../../data/parts";
import { segmentSeries } from "../../data/segment-daily";
import type { EngineContext } from "../types";

// A site total's "episode" (a few days away from its level and back, detectors/episodes.ts) can be one segment's
// lasting step that the other segments' growth made up for. The report bench's Paid Search lost 40 % of its orders
// for good on the period's first day; the site's revenue, growing with the season, looked back at its level 11 days
// later, and its step ("Revenue shifted from about €36,129.28 to €34,157.88 a day on Oct 30, 2026 (-5.5%) … 100% of
// the drop came from Channel “Paid Search”") was told as days below their expected range instead. Likewise a channel
// that lost 40 % of its visits for good and another that gained as much ten days later made the site's revenue a
// stretch that "came back". The site's days away are an episode or a stretch only when no segment that carried most
// of their change stayed where it went.

/** Days read before and after the episode, at most; at least this many on each side to tell. */
const CONTEXT_DAYS = 14;
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
