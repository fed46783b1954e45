import { addDays, dayNumber } from "@/lib/dates";
import { isSeasonallyExpected } from "@/lib/insights/season";
import type { PartKey } from "../../data/parts";
import { segmentSeries, type SegmentDailySeries } from "../../data/segment-daily";
import type { EngineContext } from "../types";
import type { SegmentAnomaly, SegmentShift } from "./segment-watch";

// A segment that lost its level on the day another of the same dimension gained about as much: the same visits
// counted under another name. A channel renamed in the channel grouping ("Social" became "Organic Social"), a
// campaign's tag renamed, a landing page moved, or a paused brand campaign whose searchers came through organic
// search instead. The report led with "Sessions for Channel “Social” shifted from about 192 to 0 a day …
// Estimated effect over the period: -€1,564.04 revenue", and the new name, 12 days old, was not watched: revenue had
// not moved. The loss now names where its level went, and carries the pair's net effect on the KPI.

/** The other segment's gain is within these shares of the loss ... */
const LEAST_SHARE = 2 / 3;
const MOST_SHARE = 3 / 2;
/** ... and began within this many days of it. */
const WITHIN_DAYS = 1;
/** A level this share of the one before it or less has stopped. */
const STOPPED_SHARE = 0.1;
/** Days a new name needs, since its first, for its level to be read; and before it, for its absence to be. */
const MIN_DAYS_SINCE = 3;
const MIN_DAYS_BEFORE = 14;

/** Metrics summed over a segment's rows: a level of them can move from one segment to another. */
const ADDITIVE: ReadonlySet<string> = new Set<PartKey>([
  "sessions",
  "engagedSessions",
  "conversions",
  "leads",
  "transactions",
  "revenue",
  "clicks",
  "impressions",
  "cost",
]);

/** Where a segment's lost level went: the other segment, its level a day before and after, and the day it moved. */
export interface MovedTo {
  dimension: string;
  dimensionValue: string;
  /** 0: the segment began that day (a new name). */
  before: number;
  after: number;
  date: string;
  /** A new name whose days were the old name's within their noise (keptShare): "about as many". */
  same?: boolean;
}

type SegmentFinding = SegmentAnomaly | SegmentShift;

/**
 * Marks each level lost with `movedTo` when another segment of its dimension and source gained 2/3 to 3/2 of it within
 * a day: a rise found beside it (left out of the list: it is told with the loss), or, for a level that stopped, a
 * segment that began that day (found or not: a name a few days old has too few days to be watched). The loss then
 * carries the pair's net effect on the KPI. Returns the findings left, in order of effect, and whether any moved.
 */
export function foldMovedSegments<T extends SegmentFinding>(
  ctx: EngineContext,
  findings: readonly T[],
): { findings: T[]; moved: boolean } {
  const told = new Set<T>();
  let moved = false;
  for (const loss of findings) {
    if (!losesLevel(loss) || told.has(loss)) continue;
    const lost = (loss.baseline ?? 0) - (loss.current ?? 0);
    const gain = risingBeside(loss, lost, findings, told, (to) => trafficMoved(ctx, loss, to));
    if (gain) {
      told.add(gain);
      mark(loss, { ...movedFrom(gain), date: gain.date }, loss.kpiEffect + gain.kpiEffect, gain.indirectEffect);
      moved = true;
      continue;
    }
    const start = (loss.current ?? 0) <= STOPPED_SHARE * (loss.baseline ?? 0) ? startedBeside(ctx, loss, lost) : null;
    if (start) {
      // The new name's days against the old one's same weekdays before: what is left is the part that did not move.
      const kept = keptShare(ctx, loss, start);
      const level = { ...start, after: (loss.baseline ?? 0) * kept, ...(kept === 1 ? { same: true } : {}) };
      mark(loss, level, loss.kpiEffect * (1 - kept), loss.indirectEffect * Math.abs(1 - kept));
      moved = true;
    }
  }
  if (!moved) return { findings: [...findings], moved };
  const left = findings.filter((f) => !told.has(f));
  // By effect again, the season's findings last (run-engine.ts): a renamed channel's loss no longer leads.
  const news = left.filter((f) => !isSeasonallyExpected(f)).sort(byEffect);
  return { findings: [...news, ...left.filter((f) => isSeasonallyExpected(f))], moved };
}

const byEffect = (a: SegmentFinding, b: SegmentFinding) =>
  Math.abs(b.kpiEffect) - Math.abs(a.kpiEffect) || b.indirectEffect - a.indirectEffect || a.pValue - b.pValue;

function losesLevel(f: SegmentFinding): f is SegmentFinding & SegmentShift {
  return (
    f.kind === "level_shift" &&
    f.direction === "down" &&
    Boolean(f.dimension) &&
    ADDITIVE.has(f.metric) &&
    !isSeasonallyExpected(f) &&
    (f.baseline ?? 0) > (f.current ?? 0)
  );
}

function mark(loss: SegmentShift, to: MovedTo, kpiEffect: number, indirectEffect: number) {
  (loss as SegmentShift & { movedTo?: MovedTo }).movedTo = to;
  loss.kpiEffect = kpiEffect;
  loss.indirectEffect = Math.max(0, indirectEffect);
}

const movedFrom = (f: SegmentShift) => ({
  dimension: f.dimension ?? "",
  dimensionValue: f.dimensionValue ?? "",
  before: f.baseline ?? 0,
  after: f.current ?? 0,
});

const near = (a: string, b: string) => Math.abs(dayNumber(a) - dayNumber(b)) <= WITHIN_DAYS;
const aboutAsMuch = (gained: number, lost: number) => gained >= LEAST_SHARE * lost && gained <= MOST_SHARE * lost;

/** The rise of another segment of the loss's dimension, source and metric nearest the loss in size, within a day. */
function risingBeside<T extends SegmentFinding>(
  loss: SegmentShift,
  lost: number,
  findings: readonly T[],
  told: ReadonlySet<T>,
  alsoTraffic: (to: string) => boolean,
): (T & SegmentShift) | null {
  let best: (T & SegmentShift) | null = null;
  let bestGap = Infinity;
  for (const f of findings) {
    if (f.kind !== "level_shift" || f.direction !== "up" || told.has(f) || isSeasonallyExpected(f)) continue;
    const rise = f as T & SegmentShift;
    if (rise.metric !== loss.metric || rise.dimension !== loss.dimension || rise.sourceId !== loss.sourceId) continue;
    if (rise.dimensionValue === loss.dimensionValue || !near(rise.date, loss.date)) continue;
    const gained = rise.change ?? 0;
    if (!aboutAsMuch(gained, lost) || !alsoTraffic(rise.dimensionValue ?? "")) continue;
    const gap = Math.abs(Math.log(gained / lost));
    if (gap < bestGap) [best, bestGap] = [rise, gap];
  }
  return best;
}

/**
 * A segment of the loss's dimension and source that had none of the metric for two weeks and more before the loss
 * and began within a day of it, at about the level lost: read from the segments' days, as a name only a few days old
 * is not watched (and a watched one's start is a rise, risingBeside).
 */
function startedBeside(ctx: EngineContext, loss: SegmentShift, lost: number): MovedTo | null {
  const from = addDays(loss.date, -(MIN_DAYS_BEFORE + WITHIN_DAYS));
  const to = ctx.window.periodEnd;
  let best: MovedTo | null = null;
  for (const s of ctx.segmentDaily.series) {
    if (s.dimension !== loss.dimension || s.sourceId !== loss.sourceId || s.value === loss.dimensionValue) continue;
    const level = levelSinceStart(ctx, s, loss.metric as PartKey, from, to);
    if (!level || !near(level.first, loss.date) || !aboutAsMuch(level.after, lost)) continue;
    if (!trafficMoved(ctx, loss, s.value)) continue;
    if (!best || Math.abs(Math.log(level.after / lost)) < Math.abs(Math.log(best.after / lost)))
      best = { dimension: s.dimension, dimensionValue: s.value, before: 0, after: level.after, date: level.first };
  }
  return best;
}

/** A segment's first day with the metric and its mean level since, when the days before it had none. */
function levelSinceStart(
  ctx: EngineContext,
  s: SegmentDailySeries,
  metric: PartKey,
  from: string,
  to: string,
): { first: string; after: number } | null {
  const days = segmentSeries(s, metric, from, to, ctx.data.unknownDays(s.sourceId, ctx.excludedDays));
  const first = days.findIndex((p) => (p.value ?? 0) > 0);
  // Its absence is read on known days (a source imported later has none before its first day).
  if (first < 0 || days.slice(0, first).filter((p) => p.value !== null).length < MIN_DAYS_BEFORE) return null;
  let known = 0;
  let total = 0;
  for (const p of days.slice(first))
    if (p.value !== null) {
      known++;
      total += p.value;
    }
  return known >= MIN_DAYS_SINCE ? { first: days[first].date, after: total / known } : null;
}

/** Standard errors a renamed segment's days must differ from its old name's by to count as a change of level. */
const KEPT_Z = 2;

/**
 * The new name's days since its first against the old name's on the same weekdays of the weeks before the loss (each
 * day with the nearest such day): their ratio, or 1 when the two sums are within KEPT_Z standard errors of each other
 * (from the pairs' differences). A new name's first 12 days were 10 weekdays and 2 weekend days: their mean, 207
 * sessions, read as 8 % more than the old name's 192 across whole weeks, and the report had "+€119.12 revenue" for a
 * channel that had only been renamed.
 */
function keptShare(ctx: EngineContext, loss: SegmentShift, to: MovedTo): number {
  const find = (value: string | null) =>
    ctx.segmentDaily.series.find(
      (s) => s.dimension === loss.dimension && s.value === value && s.sourceId === loss.sourceId,
    );
  const before = find(loss.dimensionValue);
  const after = find(to.dimensionValue);
  if (!before || !after) return 1;
  const metric = loss.metric as PartKey;
  const end = ctx.window.periodEnd;
  const newDays = segmentSeries(after, metric, to.date, end, ctx.data.unknownDays(after.sourceId, ctx.excludedDays));
  const oldFrom = addDays(loss.date, -28);
  const oldDays = segmentSeries(before, metric, oldFrom, end, ctx.data.unknownDays(before.sourceId, ctx.excludedDays));
  const lossAt = dayNumber(loss.date) - dayNumber(oldFrom);
  let sumNew = 0;
  let sumOld = 0;
  let squares = 0;
  let pairs = 0;
  newDays.forEach((p, k) => {
    if (p.value === null) return;
    // The same weekday in the latest week before the loss.
    let at = dayNumber(to.date) - dayNumber(oldFrom) + k;
    while (at >= lossAt) at -= 7;
    const old = at >= 0 ? oldDays[at]?.value : null;
    if (old === null || old === undefined) return;
    sumNew += p.value;
    sumOld += old;
    squares += (p.value - old) ** 2;
    pairs++;
  });
  if (pairs < MIN_DAYS_SINCE || !(sumOld > 0)) return 1;
  return Math.abs(sumNew - sumOld) <= KEPT_Z * Math.sqrt(squares) ? 1 : sumNew / sumOld;
}

/** A segment's traffic: its sessions, else its clicks, else its impressions. */
const TRAFFIC: PartKey[] = ["sessions", "clicks", "impressions"];

/**
 * Whether the other segment's traffic also gained 2/3 to 3/2 of what the loss's segment lost, over the same days (the
 * two weeks before the loss against the days from it): the same visits move with all their metrics. Paired on orders
 * alone, a stopped Email channel's 5 orders a day were "the same transactions under a new name" in a new Affiliates
 * channel of three times its sessions.
 */
function trafficMoved(ctx: EngineContext, loss: SegmentShift, to: string): boolean {
  const find = (value: string | null) =>
    ctx.segmentDaily.series.find(
      (s) => s.dimension === loss.dimension && s.value === value && s.sourceId === loss.sourceId,
    );
  const from = find(loss.dimensionValue);
  const into = find(to);
  if (!from || !into) return false;
  const start = addDays(loss.date, -MIN_DAYS_BEFORE);
  const before = addDays(loss.date, -1);
  const end = ctx.window.periodEnd;
  const mean = (s: SegmentDailySeries, metric: PartKey, a: string, b: string) => {
    let known = 0;
    let total = 0;
    for (const p of segmentSeries(s, metric, a, b, ctx.data.unknownDays(s.sourceId, ctx.excludedDays)))
      if (p.value !== null) {
        known++;
        total += p.value;
      }
    return known ? total / known : 0;
  };
  const metric = TRAFFIC.find((m) => mean(from, m, start, before) > 0);
  if (!metric) return false;
  const lost = mean(from, metric, start, before) - mean(from, metric, loss.date, end);
  const gained = mean(into, metric, loss.date, end) - mean(into, metric, start, before);
  return lost > 0 && aboutAsMuch(gained, lost);
}
