import type { Explanation } from "@/lib/insights/narrate/legacy-fields";
export type { Explanation };
import { dayNumber, dayOfWeek } from "@/lib/dates";
import { takesSomeWeekdays } from "../detectors/weekday-shift";
import { findMetric } from "@/lib/catalogue/metrics";
import { metricParts } from "../data/project-data";
import { PART_INDEX, type PartKey } from "../data/parts";
import type { Dimension } from "@/lib/insights/metrics";
import type { Finding } from "../types";
import { periodVolume, watchSegments, type SegmentAnomaly, type SegmentShift } from "./analyses/segment-watch";
import { readAs } from "./same-counts";
import { daysAround } from "@/lib/insights/days-in-a-row";
import type { EngineContext, IntentionOutcome } from "./types";

// When a total's finding is mostly one segment's, the total names it ("Orders dropped on 3 March;
// 80% of the drop came from Display"), and the segment's own finding — the sharper answer —
// ranks above it (rank.ts reads `explainedBy`).
//
// A total's anomaly or shift that passed the report-wide FDR is localised among ALL the watched
// segments' candidates of that day and metric (p < 0.05 on their own), not only those that passed
// the FDR: once the total is established, which segment carries it is a question about that one
// event (hierarchical testing, as Adtributor localises a revenue anomaly it has already found).

/** A segment explains a total when it carries at least this share of the total's change. */
export const EXPLAINS_SHARE = 0.5;
/**
 * ... and moved at least this many times as much as the total did, relatively. A segment that carries its usual
 * share of a site-wide rise is not where the rise came from: a country with 55 % of the traffic carried 53 % of a
 * sale day's extra sessions, and the day read "53% of the rise came from Country “United States”" (the share alone
 * is Adtributor's explanatory power; this is its surprise, in the simplest form).
 */
export const EXPLAINS_SURPRISE = 1.5;

/** Whether the segment moved disproportionately to the total (an unknown relative change does not count against it). */
function disproportionate(segment: Finding, total: Finding): boolean {
  const [a, b] = [segment.changePct, total.changePct];
  if (typeof a !== "number" || typeof b !== "number" || b === 0) return true;
  return Math.abs(a) >= EXPLAINS_SURPRISE * Math.abs(b);
}

type SegmentFinding = Finding & {
  date?: string;
  kpiEffect?: number;
  sourceId?: string;
  weekdays?: number[];
  weekdayBaseline?: number;
  weekdayCurrent?: number;
};

export function explainTotalsBySegments(ctx: EngineContext, outcomes: IntentionOutcome[]): void {
  const local = outcomes.filter((o) => o.localised && o.findings.length > 0);
  const segmentFindings = local.flatMap((o) => o.findings.map((f) => ({ f: f as SegmentFinding, o })));
  const watched = ctx.segmentDaily.series.length > 0 ? watchSegments(ctx) : null;
  const allCandidates = watched
    ? [...watched.anomalies, ...watched.shifts].map((f) => ({ f: f as SegmentFinding, o: null }))
    : [];
  // A total reads each metric from one source (project-data.ts sourceFor); only that source's segments
  // make it up. Clicks are in Search Console and in Google Ads: a query's spike in one said "80% of
  // the rise came from Query …" of the other's clicks.
  const sourceOf = (metric: string) => ctx.data.sourceFor(metricParts(metric));
  // Conversions that are the transactions under another name are carried by the segments' transactions (same-counts).
  const sameMetric = (a: string, b: string) => readAs(a, ctx.sameCount) === readAs(b, ctx.sameCount);
  for (const o of outcomes) {
    if (o.localised || o.intention.stage === "audit" || o.findings.length === 0) continue;
    // Day- or shift-level findings of a total: the segment finding on the same metric and day.
    for (const f of o.findings as SegmentFinding[]) {
      if (f.dimension !== null || (f.kind !== "anomaly" && f.kind !== "level_shift") || !f.change) continue;
      const source = sourceOf(f.metric);
      const best = bestMatch<{ f: SegmentFinding; o: IntentionOutcome | null }>(allCandidates, (s) =>
        sameMetric(s.f.metric, f.metric) &&
        s.f.sourceId === source &&
        s.f.direction === f.direction &&
        disproportionate(s.f, f) &&
        sameEvent(s.f, f)
          ? dayChange(s.f) / f.change!
          : 0,
      );
      if (best) {
        (f as Finding & { explainedBy?: Explanation }).explainedBy = explanation(best.s.f, best.share);
        // Ranked below the segment's own insight only when that finding is in the report.
        const own = segmentFindings.find(
          (x) => x.f.dimensionValue === best.s.f.dimensionValue && x.f.kind === best.s.f.kind,
        );
        if (own) o.explainedBy ??= own.o;
      }
    }
    // Period comparisons (change, drivers, funnel): compare the KPI effects. Not a day's anomaly or a
    // trend's dated changes: those are matched by their day above, and a segment's finding from
    // another day said "100% of the rise came from" a segment that had not made it.
    // Only a segment's finding on the same additive metric can carry a part of its change: a rate's
    // change is split by its drivers (mix and rate), and a KPI effect from another metric or source
    // said "100% of the drop came from Query …" for an engagement rate that Search Console has not.
    const periodLevel = ["change", "drivers", "funnel"].includes(o.intention.analysis.type);
    const metric = o.findings[0]?.metric;
    const total = o.findings[0];
    // A total's change is in the metric's unit; a funnel step's is a rate, told in effects on the KPI as before.
    const inMetric = total?.kind === "change";
    if (
      periodLevel &&
      !o.explainedBy &&
      (inMetric || o.kpiEffect) &&
      metric &&
      findMetric(metric)?.kind === "additive"
    ) {
      const source = sourceOf(metric);
      // "X % of the rise came from" a segment is its share of the rise itself: of the metric its finding moved over the
      // period. Its effect on the KPI is counted at the segment's own rate, so a share of effects named the
      // wrong segment: Social's sessions tripled, desktop's rose by its part of them, and desktop's sessions, at the
      // desktop rate of revenue, carried more of the effect than Social's: "100% of the rise came from Device
      // “desktop”" under "Sessions by channel".
      // A segment's days in a row are one event (a campaign's impressions 70 % down for 12 days): their volumes and
      // effects together, where each day alone carried a twelfth of the change.
      const share = (s: { f: SegmentFinding; o: IntentionOutcome }) => {
        const volume = inMetric ? runVolume(ctx, s) : null;
        if (volume !== null) return total.change ? volume / total.change : 0;
        return o.kpiEffect ? runEffect(s) / o.kpiEffect : 0;
      };
      // A segment is where a period's change came from when it moved more than the rest of the site did over the
      // same days: its change over the period against its own comparison period, beside the rest's. A shift's own
      // size (the level after against before) is not comparable with a period's change: every segment of a site whose
      // traffic doubled on the period's 21st day rose 100 %, three times the period's +34 %, and the largest of them
      // read "53% of the rise came from Device “desktop”". Against the rest rather than the whole: a query with 78 %
      // of the clicks that lost 16 % of them over the period moved little more than the site, which it mostly is,
      // while the other queries held.
      const movedMoreThanRest = (s: { f: SegmentFinding; o: IntentionOutcome }) => {
        const f = s.f;
        const volume = inMetric ? runVolume(ctx, s) : null;
        const before = volume === null ? null : comparisonTotal(ctx, f, metric);
        if (volume === null || !before || typeof total.baseline !== "number" || typeof total.change !== "number")
          return disproportionate(f, total);
        const restBefore = total.baseline - before;
        if (!(restBefore > 0)) return true;
        const rest = (total.change - volume) / restBefore;
        return Math.abs(volume / before) >= EXPLAINS_SURPRISE * Math.abs(rest);
      };
      const best = bestMatch(segmentFindings, (s) =>
        sameMetric(s.f.metric, metric) && s.f.sourceId === source && movedMoreThanRest(s) ? share(s) : 0,
      );
      if (best) {
        o.explainedBy = best.s.o;
        if (inMetric && o.intention.analysis.type === "change") countedAtTheSegmentsRate(ctx, o, best.s);
        // A breakdown by the segment's own dimension lists its part itself, measured between the two periods: the
        // sentence beside it read "97% of the drop came from Country “Germany”" and then "Country “Germany”
        // contributed -3,866 …, 103.8% of the total change" (the shift's days against the periods' difference).
        const listed = o.findings.some(
          (d) =>
            d.kind === "driver" && d.dimension === best.s.f.dimension && d.dimensionValue === best.s.f.dimensionValue,
        );
        if (!listed)
          (o.findings[0] as Finding & { explainedBy?: Explanation }).explainedBy = explanation(best.s.f, best.share);
        countedAtItsOwnRates(outcomes, o, best.s.f);
      }
    }
  }
}

type StatedEffect = { kpiEffect?: number; kpiAtSiteRate?: number };

/** A segment finding's days in a row in its insight (the finding alone when it is no day's). */
const runOf = (s: { f: SegmentFinding; o: IntentionOutcome }) => daysAround(s.f, s.o.findings as SegmentFinding[]);

/** How much of the metric a segment finding's run moved over the period (null for a level, as `periodVolume`). */
function runVolume(ctx: EngineContext, s: { f: SegmentFinding; o: IntentionOutcome }): number | null {
  let sum = 0;
  for (const f of runOf(s)) {
    const volume = periodVolume(ctx, f as SegmentAnomaly | SegmentShift);
    if (volume === null) return null;
    sum += volume;
  }
  return sum;
}

/** A segment finding's run's effect on the KPI together. */
const runEffect = (s: { f: SegmentFinding; o: IntentionOutcome }) =>
  runOf(s).reduce((sum, f) => sum + (f.kpiEffect ?? 0), 0);

/**
 * A total's change (no breakdown of its own) that came from one segment is carried to the KPI at that segment's rate
 * for its part and at the site's for the rest. At the site's rate alone, a Brand campaign's impressions 70 % down for
 * 12 days read "Impressions fell … Estimated effect over the period: -$5,636.59 revenue" beside the campaign's own
 * "-$15,658.99": Brand's impressions convert far better than the average one.
 */
function countedAtTheSegmentsRate(
  ctx: EngineContext,
  o: IntentionOutcome,
  s: { f: SegmentFinding; o: IntentionOutcome },
): void {
  const total = o.findings[0] as Finding & StatedEffect & { season?: unknown };
  const volume = runVolume(ctx, s);
  if (volume === null || !total.change || !o.kpiEffect || total.season) return;
  const effect = runEffect(s) + ((total.change - volume) / total.change) * o.kpiEffect;
  o.kpiEffect = effect;
  if (total.kpiEffect !== undefined) total.kpiEffect = effect;
}

/**
 * A breakdown's total that came from a segment of another dimension takes its effect on the KPI from the breakdown by
 * that dimension, when the report has it. Each breakdown counts its segments' changes at their own rates, and only
 * the explaining dimension's segments are where the change happened: Social's sessions tripled, and by device the
 * same rise, counted at the desktop and mobile rates of revenue (every channel's), read "+€11,564 revenue" beside
 * "+€5,188" by channel, and ranked above it.
 */
function countedAtItsOwnRates(outcomes: IntentionOutcome[], o: IntentionOutcome, segment: Finding): void {
  const a = o.intention.analysis;
  const total = o.findings[0] as Finding & StatedEffect;
  if (a.type !== "drivers" || !segment.dimension || a.dimension === segment.dimension) return;
  const sibling = outcomes.find(
    (x) =>
      x.intention.analysis.type === "drivers" &&
      x.intention.analysis.dimension === segment.dimension &&
      x.findings[0]?.kind === "change" &&
      x.findings[0].metric === total.metric,
  );
  if (sibling) takeBreakdownEffect(o, sibling);
}

/** `o`, a breakdown of a total, takes the effect on the KPI of `from`, the total's breakdown by another dimension. */
export function takeBreakdownEffect(o: IntentionOutcome, from: IntentionOutcome): void {
  const total = o.findings[0] as Finding & StatedEffect;
  const own = from.findings[0] as Finding & StatedEffect;
  o.kpiEffect = from.kpiEffect;
  o.indirectEffect = from.indirectEffect;
  for (const key of ["kpiEffect", "kpiAtSiteRate"] as const) {
    if (own[key] === undefined) delete total[key];
    else if (total[key] !== undefined) total[key] = own[key];
  }
}

function bestMatch<T>(items: T[], share: (s: T) => number): { s: T; share: number } | null {
  let best: { s: T; share: number } | null = null;
  for (const s of items) {
    const x = share(s);
    if (x >= EXPLAINS_SHARE && (!best || x > best.share)) best = { s, share: x };
  }
  return best;
}

/**
 * Whether a segment's finding is the total's event: a day's on that day, a shift's within 3 days, and a total's
 * unusual day in the first week of a segment's shift (its days are the shift, not unusual days of their own: a
 * channel's 30 % drop on the data's last 4 days left the site's 4 days below their range unexplained).
 */
function sameEvent(segment: SegmentFinding, total: SegmentFinding): boolean {
  const apart = dayNumber(total.periodStart) - dayNumber(segment.periodStart);
  // Every day of its weekdays from a shift of some weekdays only is that shift's (weekday-shift.ts).
  if (takesSomeWeekdays(segment) && total.kind === "anomaly")
    return apart >= 0 && segment.weekdays.includes(dayOfWeek(total.periodStart));
  // Two steps are one event when they moved the same days of the week (every day, or the same weekdays).
  if (segment.kind === total.kind && (segment.weekdays ?? []).join() !== (total.weekdays ?? []).join()) return false;
  if (segment.kind === total.kind) return Math.abs(apart) <= (total.kind === "anomaly" ? 0 : 3);
  return total.kind === "anomaly" && segment.kind === "level_shift" && apart >= 0 && apart < SHIFT_FIRST_DAYS;
}
/** The days of a segment's shift the site's unusual days may be its part of: its first week. */
const SHIFT_FIRST_DAYS = 7;

/** The segment's total of `metric` over the comparison period (null when the loaded totals do not hold it). */
function comparisonTotal(ctx: EngineContext, f: SegmentFinding, metric: string): number | null {
  if (!f.sourceId || !f.dimension || !(metric in PART_INDEX)) return null;
  const segment = ctx.data
    .sourceSegments(f.sourceId, f.dimension as Dimension)
    .find((x) => x.value === f.dimensionValue);
  return segment?.baseline?.[PART_INDEX[metric as PartKey]] ?? null;
}

function explanation(f: SegmentFinding, share: number): Explanation {
  return {
    dimension: f.dimension ?? "",
    dimensionValue: f.dimensionValue ?? "",
    share: Math.min(1, share),
    ...(f.kind === "level_shift" ? { shiftFrom: f.periodStart } : {}),
    ...(f.weekdays ? { weekdays: f.weekdays } : {}),
  };
}

/** A segment finding's change on one of its days: a shift of some weekdays only moved each of those by its own. */
export function dayChange(f: SegmentFinding): number {
  if (takesSomeWeekdays(f) && typeof f.weekdayCurrent === "number" && typeof f.weekdayBaseline === "number")
    return f.weekdayCurrent - f.weekdayBaseline;
  return f.change ?? 0;
}
