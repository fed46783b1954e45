import type { MovedFrom, MovedTo } from "@/lib/insights/narrate/legacy-fields";
export type { MovedFrom, MovedTo };
import { addDays, dayNumber, dayOfWeek } from "@/lib/dates";
import { takesSomeWeekdays } from "../../detectors/weekday-shift";
import { isSeasonallyExpected } from "@/lib/insights/season";
import type { PartKey } from "../../data/parts";
import { segmentSeries, type SegmentDailySeries } from "../../data/segment-daily";
import type { EngineContext } from "../types";
import { VOLUME_METRICS, WATCHED_METRICS, type SegmentAnomaly, type SegmentShift } from "./segment-watch";

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
const ADDITIVE: ReadonlySet<string> = new Set(WATCHED_METRICS);

/** Where a segment's lost level went: the other segment, its level a day before and after, and the day it moved. */

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
      const net = Math.abs(loss.indirectEffect - gain.indirectEffect);
      mark(
        loss,
        { ...levelsOf(gain), date: gain.date, gainEffect: gain.kpiEffect, lostEffect: loss.kpiEffect },
        loss.kpiEffect + gain.kpiEffect,
        net,
      );
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
  moveWithTraffic(ctx, findings, told);
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
    // A step of some weekdays only: its levels are a week's averages, not a move's to compare.
    !takesSomeWeekdays(f) &&
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

/** A rise's segment and its levels before and after, as a loss's `movedTo` says them. */
const levelsOf = (f: SegmentShift) => ({
  dimension: f.dimension ?? "",
  dimensionValue: f.dimensionValue ?? "",
  before: f.baseline ?? 0,
  after: f.current ?? 0,
});

/**
 * A new name's outcome (conversions, revenue) since its first day, beside its traffic's move, is within this factor of
 * the old name's: a renamed campaign's 400 clicks a day moved whole, but its conversions read 12.2 a day since against
 * a level of 7.8 before (each 2.4 standard errors from its 10), and the loss was left at "-€7,525.02 revenue".
 */
const OUTCOME_SHARE = 3;
const within = (a: number, b: number, factor: number) => a >= b / factor && a <= b * factor;

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
    if (takesSomeWeekdays(f)) continue;
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
    if (!level || !near(level.first, loss.date)) continue;
    // The traffic is the evidence; a few conversions a day are held to a wider band than it.
    const traffic = TRAFFIC.includes(loss.metric as PartKey);
    if (!(traffic ? aboutAsMuch(level.after, lost) : within(level.after, lost, OUTCOME_SHARE))) continue;
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
  const since = meanOf(days.slice(first));
  return since.known >= MIN_DAYS_SINCE ? { first: days[first].date, after: since.mean } : null;
}

/** The report's segment days of `value` in the loss's dimension and source (undefined: not among them). */
const seriesOf = (ctx: EngineContext, loss: SegmentShift, value: string | null) =>
  ctx.segmentDaily.series.find(
    (s) => s.dimension === loss.dimension && s.value === value && s.sourceId === loss.sourceId,
  );

/** The mean of the known days (0 when none is known), and how many were known. */
function meanOf(points: readonly { value: number | null }[]): { mean: number; known: number } {
  let known = 0;
  let total = 0;
  for (const p of points)
    if (p.value !== null) {
      known++;
      total += p.value;
    }
  return { mean: known ? total / known : 0, known };
}

/** Standard errors a renamed segment's days must differ from its old name's by to count as a change of level. */
const KEPT_Z = 3;
/** Weeks before the loss whose weekdays the old name's level is read from. */
const KEPT_WEEKS = 4;

/**
 * The new name's days since its first against the old name's level on the same weekdays over the 4 weeks before the
 * loss: the ratio of their sums, or 1 when they are within KEPT_Z standard errors of each other (each weekday's mean
 * from its 4 days, the days' noise from their spread around it). A new name's first 12 days were 10 weekdays and 2
 * weekend days: their mean, 207 sessions, read as 8 % more than the old name's 192 across whole weeks, and the report
 * had "+€119.12 revenue" for a channel that had only been renamed. Against the last week alone (a low week of a
 * campaign's 10 conversions a day, 7.8), a renamed campaign's 12.2 a day since were "+€4,959.68 revenue".
 */
function keptShare(ctx: EngineContext, loss: SegmentShift, to: MovedTo): number {
  const before = seriesOf(ctx, loss, loss.dimensionValue);
  const after = seriesOf(ctx, loss, to.dimensionValue);
  if (!before || !after) return 1;
  const metric = loss.metric as PartKey;
  const unknown = (s: SegmentDailySeries) => ctx.data.unknownDays(s.sourceId, ctx.excludedDays);
  const old = segmentSeries(
    before,
    metric,
    addDays(loss.date, -7 * KEPT_WEEKS),
    addDays(loss.date, -1),
    unknown(before),
  );
  const byWeekday = Array.from({ length: 7 }, () => [] as number[]);
  for (const p of old) if (p.value !== null) byWeekday[dayOfWeek(p.date)].push(p.value);
  const means = byWeekday.map((xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null));
  let spread = 0;
  let freedom = 0;
  byWeekday.forEach((xs, w) => {
    for (const x of xs) spread += (x - means[w]!) ** 2;
    freedom += Math.max(0, xs.length - 1);
  });
  let sumNew = 0;
  let sumOld = 0;
  let days = 0;
  const uses = new Array<number>(7).fill(0);
  for (const p of segmentSeries(after, metric, to.date, ctx.window.periodEnd, unknown(after))) {
    const w = dayOfWeek(p.date);
    if (p.value === null || means[w] === null) continue;
    sumNew += p.value;
    sumOld += means[w]!;
    uses[w]++;
    days++;
  }
  if (days < MIN_DAYS_SINCE || !(sumOld > 0) || freedom === 0) return 1;
  // Each new day's noise once; each weekday's mean's (a day's over its count) as many times squared as it was used.
  const dayVariance = spread / freedom;
  const oldWeight = uses.reduce((sum, n, w) => sum + (n > 0 ? (n * n) / byWeekday[w].length : 0), 0);
  const se = Math.sqrt(dayVariance * (days + oldWeight));
  return Math.abs(sumNew - sumOld) <= KEPT_Z * se ? 1 : sumNew / sumOld;
}

/**
 * Days between a move of traffic and a step of the same segments' outcomes that goes with it: a few orders a day date
 * their step less surely than hundreds of visits (Direct's revenue and orders rose 2 and 3 days after the visits Paid
 * Search lost began to arrive, and led the report with their whole effect).
 */
const OUTCOME_LAG_DAYS = 3;

/** A segment's traffic: its sessions, else its clicks, else its impressions. */
const TRAFFIC = VOLUME_METRICS;

/**
 * A metric's level a day in the loss's segment and in another, over the two weeks before the loss and over its days
 * since: what the one lost and the other gained over the same days (the same weekdays in both). Null when either
 * segment is not in the report's segment days.
 */
function sameDaysChange(
  ctx: EngineContext,
  loss: SegmentShift,
  to: string,
  metric: PartKey,
): { lost: number; gained: number; had: number } | null {
  const from = seriesOf(ctx, loss, loss.dimensionValue);
  const into = seriesOf(ctx, loss, to);
  if (!from || !into) return null;
  const start = addDays(loss.date, -MIN_DAYS_BEFORE);
  const before = addDays(loss.date, -1);
  const end = ctx.window.periodEnd;
  const mean = (s: SegmentDailySeries, a: string, b: string) =>
    meanOf(segmentSeries(s, metric, a, b, ctx.data.unknownDays(s.sourceId, ctx.excludedDays))).mean;
  const had = mean(from, start, before);
  return {
    lost: had - mean(from, loss.date, end),
    gained: mean(into, loss.date, end) - mean(into, start, before),
    had,
  };
}

/**
 * Whether the other segment's traffic also gained 2/3 to 3/2 of what the loss's segment lost over the same days: the
 * same visits move with all their metrics. Paired on orders alone, a stopped Email channel's 5 orders a day were "the
 * same transactions under a new name" in a new Affiliates channel of three times its sessions.
 */
function trafficMoved(ctx: EngineContext, loss: SegmentShift, to: string): boolean {
  for (const metric of TRAFFIC) {
    const change = sameDaysChange(ctx, loss, to, metric);
    if (!change) return false;
    if (change.had > 0) return change.lost > 0 && aboutAsMuch(change.gained, change.lost);
  }
  return false;
}

/**
 * The two segments' other level shifts beside a move of traffic from one to another that was there before (a rise,
 * not a new name, whose metrics pair by themselves): the first's revenue fell by what its visits brought, the other's
 * rose by what they bring there. Each is told with the move and carries the two together, the other side counted as
 * the traffic's pair counts it (each segment's own KPI per visit). Paid Search's revenue had "Estimated effect over the
 * period: -$5,820.13 revenue" beside its sessions' "both together: -$1,501.26", and Direct's revenue, which rose with
 * the visits Paid Search lost, led the report with "+€7,930.56". The segments' own revenue is not read for this: their
 * days' noise (Organic Search's €1,304 a day before and €1,244 after, for about €240 more that moved) is larger than
 * what moved.
 */
function moveWithTraffic<T extends SegmentFinding>(ctx: EngineContext, findings: readonly T[], told: ReadonlySet<T>) {
  const moves = findings.filter((f) => {
    const to = movedToOf(f);
    return to?.gainEffect !== undefined && to.before > 0 && TRAFFIC.includes(f.metric as PartKey);
  }) as (T & SegmentShift)[];
  for (const f of findings) {
    if (f.kind !== "level_shift" || told.has(f) || !ADDITIVE.has(f.metric) || isSeasonallyExpected(f)) continue;
    if (takesSomeWeekdays(f)) continue;
    if (movedToOf(f) || movedFromOf(f)) continue;
    const shift = f as T & SegmentShift;
    const same = (value: string | null, g: SegmentShift) =>
      shift.dimension === g.dimension && shift.sourceId === g.sourceId && value === shift.dimensionValue;
    for (const lead of moves) {
      const to = movedToOf(lead)!;
      if (Math.abs(dayNumber(lead.date) - dayNumber(shift.date)) > OUTCOME_LAG_DAYS) continue;
      const days = dayNumber(ctx.window.periodEnd) - dayNumber(to.date) + 1;
      if (days <= 0) continue;
      if (shift.direction === "down" && same(lead.dimensionValue, lead)) {
        // The visits at the other segment's own KPI per visit, as its rise's effect counts them.
        const gainPerDay = to.gainEffect! / days;
        mark(shift, { ...to, with: lead.metric, gainPerDay }, shift.kpiEffect + to.gainEffect!, shift.indirectEffect);
        break;
      }
      if (shift.direction === "up" && same(to.dimensionValue, lead)) {
        const from: MovedFrom = {
          dimension: lead.dimension ?? "",
          dimensionValue: lead.dimensionValue ?? "",
          date: lead.date,
          with: lead.metric,
          lostPerDay: to.lostEffect! / days,
        };
        (shift as SegmentShift & { movedFrom?: MovedFrom }).movedFrom = from;
        shift.kpiEffect += to.lostEffect!;
        break;
      }
    }
  }
}

/** Where a segment's gained level came from: the segment whose traffic moved to it, and what it brought there. */

const movedFromOf = (f: object) => (f as { movedFrom?: MovedFrom }).movedFrom;
const movedToOf = (f: object) => (f as { movedTo?: MovedTo }).movedTo;
