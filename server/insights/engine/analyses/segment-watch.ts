import type { Intention } from "@/lib/insights/intentions";
import { takesSomeWeekdays } from "../../detectors/weekday-shift";
import { isSeasonallyExpected } from "@/lib/insights/season";
import { daysAround } from "@/lib/insights/days-in-a-row";
import { metricDefinition } from "@/lib/insights/metrics";
import { PART_INDEX, type PartKey } from "../../data/parts";
import { segmentSeries, type SegmentDailySeries } from "../../data/segment-daily";
import type { AnomalyFinding } from "../../detectors/anomalies";
import { stoppedSeries } from "../../detectors/stopped-series";
import {
  firstDayIn,
  lastDayOf,
  shiftMarks,
  withoutStretchEnds,
  type LevelShiftFinding,
} from "../../detectors/change-points";
import { addDays, dayNumber, dayOfWeek } from "@/lib/dates";
import { COUNT_BEHIND, MIN_COUNT_PER_DAY, MIN_COUNT_PER_DAY_COUNTED, MIN_COUNT_PER_DAY_SHIFTS } from "../count-floor";
import { indirectEffectOf, kpiEffectOf } from "../impact";
import { UNUSUAL_DAYS_MIN_DATA } from "../skip-reason";
import type { BaselinePoint } from "../../stats/seasonal-baseline";
import { normalSurvival, twoSidedStudentTP } from "../../stats/distributions";
import type { DailyPoint, Finding } from "../../types";
import { sameTaskKey, sameTest, sameValues, type SameRowsAs } from "./same-series";
import type { Chart, EngineContext, IntentionOutcome } from "../types";
import { round } from "./anomalies";
import { mixAndRate, type MixRate } from "./mix-rate";
import { moderateSegmentNoise } from "./segment-noise";
import { startedFromNothing } from "./started-segments";
import { periodStartOf, totalChangePoints, totalLevelShifts } from "./total-change-points";
import {
  CLEAR_SHIFT_P,
  isLevelMetric,
  inlineSegmentDetector,
  SHIFT_DAYS_AT_END,
  type LevelMetric,
  type SegmentDetection,
  type SegmentDetector,
  type SegmentTask,
} from "./segment-detect";

// Every segment watched, not only the total: for each watched dimension value (the largest of each
// dimension with enough volume, load-segment-daily.ts) and each additive metric it carries, the
// engine looks for one-day anomalies and level shifts inside the period, whether or not the total
// moved. Candidates carry p-values; the report keeps those that pass the report-wide FDR control
// (multiplicity.ts), which is what lets the engine look at hundreds of series without
// reporting noise.

/**
 * Days before the first watched day that the baseline and the "level before" need: 8 weeks give
 * the weekday factors (3+ weeks), the 28-day level and 21+ one-step errors for σ. Every day read
 * here is a day of every watched segment's rows scanned (load-segment-daily.ts), so it is kept to
 * what the detectors use; 91 days found nothing more on the quality bench and cost 40 % more.
 */
export const SEGMENT_LOOKBACK_DAYS = 56;
/** A long period is watched over its last 90 days: the daily scan of every segment is the report's costliest read. */
export const SEGMENT_WATCH_MAX_DAYS = 90;
/**
 * A segment past its dimension's largest values (pick-watched-segments.ts) is judged day by day over the period's
 * last 30 days at most: the test fits every day it reads from both sides, so over 90 days it tripled what these
 * segments cost a long report (90 days: 1.3 → 2.0 s on the report bench), for one-day events that matter while
 * they are recent. Its level shifts are watched over the whole watch.
 */
export const NARROW_DAILY_DAYS = 30;

/** A segment's volume: its sessions, else its clicks, else its impressions. */
export const VOLUME_METRICS: PartKey[] = ["sessions", "clicks", "impressions"];

/** The summed metrics watched in each segment (a level of them can also move from one segment to another). */
export const WATCHED_METRICS: PartKey[] = [
  "sessions",
  "engagedSessions",
  "conversions",
  "leads",
  "transactions",
  "revenue",
  "clicks",
  "impressions",
  "cost",
];

export interface SegmentFindingExtras {
  /** The data source whose rows the segment's series sums (a total is explained only by its own source's segments). */
  sourceId: string;
  /** The finding's estimated effect on the primary KPI over the period, in the KPI's unit. */
  kpiEffect: number;
  kpiMetric: string | null;
  /**
   * For a metric with no path to the KPI (cost, position) or a project without one: the damped share of the
   * site's total of the metric the finding moves (impact.ts), so one small segment's large relative swing does not
   * outrank the site's own changes.
   */
  indirectEffect: number;
  /** Other segments whose finding was this one's numbers (the same rows through another dimension: foldSameRows). */
  sameRowsAs?: SameRowsAs[];
  /**
   * Wider segments of other dimensions that moved by about as much the same day (foldSameEvent): most likely this
   * segment's change seen in them, with each one's own change.
   */
  sameEventAs?: { dimension: string; dimensionValue: string; change: number }[];
  /**
   * Segments of other dimensions that moved the same way about the same day by less, when the site's total moved
   * mostly with this segment (fold-moved-with.ts): most likely their part of this change, with each one's own change.
   */
  movedWith?: { dimension: string; dimensionValue: string; change: number; metric?: string }[];
  /** How many of `movedWith` its sentence counts as "N other segments" (lib/insights/moved-with.ts). */
  movedWithOthers?: number;
  /** For an outcome (conversions, revenue, ...): how much traffic and how much the rate explain. */
  mixRate?: MixRate;
  /** A day of extra traffic whose KPI was as usual (idleTraffic): the KPI that day and its usual level that weekday. */
  idleTraffic?: { metric: string; actual: number; usual: number };
  /**
   * The segment's daily series over the judged window, for the report's and exports' chart: with
   * the expected value and its range for a one-day anomaly, with the level before and after for a
   * level shift (attached to the findings the report keeps, attachSegmentEvidence).
   */
  series?: Extract<Chart, { type: "series" }>;
}
export type SegmentAnomaly = AnomalyFinding & SegmentFindingExtras;
export type SegmentShift = LevelShiftFinding & SegmentFindingExtras;

export interface SegmentWatch {
  anomalies: SegmentAnomaly[];
  shifts: SegmentShift[];
  tests: { anomalies: number; shifts: number };
  series: number;
  /** First day judged (the period's start, or 90 days before its end). */
  watchStart: string;
}

const cache = new WeakMap<EngineContext, SegmentWatch>();
/** Each candidate's segment series, so the traffic/rate split is computed only for the findings kept. */
interface Origin {
  s: SegmentDailySeries;
  metric: PartKey | LevelMetric;
  /** The days the finding moved in the period, its first and last (`afterEnd`). */
  from: string;
  afterEnd: string;
  /** The series as judged (watch start to period end), with the expected range of each day when known. */
  points: readonly BaselinePoint[] | readonly { date: string; value: number | null }[];
}
const origin = new WeakMap<object, Origin>();

/**
 * How much of its metric a segment's finding moved over the report period, in the metric's unit: a day's change, or
 * a shift's change on each day from it to the period's end (the volume its effect on the KPI is counted from). Null
 * for an average position, which is a level, not a sum of days.
 */
export function periodVolume(ctx: EngineContext, f: SegmentAnomaly | SegmentShift): number | null {
  const o = origin.get(f);
  if (!o || isLevelMetric(o.metric) || f.change === null) return null;
  return f.change * countDays(o.from, o.afterEnd, ctx.excludedDays.of(o.s.sourceId));
}

/**
 * Adds the traffic/rate split (mix-rate.ts) and the chart series to the segment findings that
 * survived the report-wide FDR: computed after it, since most candidates are dropped there.
 */
export function attachMixRate(ctx: EngineContext, findings: readonly object[]): void {
  for (const f of findings) {
    const o = origin.get(f);
    if (!o) continue;
    const finding = f as SegmentFindingExtras & { date: string; change: number | null };
    // A level that went on under a new name (moved-segments.ts) lost no traffic nor rate: a split would be its noise.
    const renamed = (f as { movedTo?: { before: number } }).movedTo?.before === 0;
    // A step of some weekdays (weekday-shift.ts) is split over every day of the week: its parts would read as a
    // week's average ("impressions -28.4%") beside its weekdays' own -100 %.
    const split =
      isLevelMetric(o.metric) || renamed || takesSomeWeekdays(f as SegmentAnomaly | SegmentShift)
        ? null
        : mixAndRate(o.s, o.metric, finding, o.afterEnd, ctx.data.unknownDays(o.s.sourceId, ctx.excludedDays));
    if (split) finding.mixRate = split;
    const series = evidenceSeries(o, finding as SegmentAnomaly | SegmentShift);
    finding.series = { ...series, ...periodStartOf(series.points, ctx.window.periodStart) };
  }
}

/** A shift's level on a day: before it, from it, and after a stretch's last day the level it came back to. */
const levelOn = (f: LevelShiftFinding, date: string) =>
  date < f.date ? f.baseline : f.until && date > f.until ? (f.backTo ?? f.baseline) : f.current;

/** The chart of one segment finding: its daily values with the expected band, or the levels either side of a shift. */
function evidenceSeries(o: Origin, f: SegmentAnomaly | SegmentShift): Extract<Chart, { type: "series" }> {
  const unit = metricDefinition(o.metric).unit;
  if (f.kind === "level_shift") {
    return {
      type: "series",
      metric: o.metric,
      unit,
      dimension: o.s.dimension,
      dimensionValue: o.s.value,
      points: o.points.map((p) => ({
        date: p.date,
        value: round("actual" in p ? p.actual : p.value),
        // The deseasonalised levels the shift was measured between: before it, and from its date on; a shift of some
        // weekdays only (weekday-shift.ts), their own levels on their days and the other days' level on the others.
        expected: takesSomeWeekdays(f)
          ? f.weekdays.includes(dayOfWeek(p.date))
            ? round(p.date < f.date ? f.weekdayBaseline : f.weekdayCurrent)
            : round(f.otherDaysLevel)
          : round(levelOn(f, p.date)),
      })),
      marks: shiftMarks(f),
    };
  }
  return {
    type: "series",
    metric: o.metric,
    unit,
    dimension: o.s.dimension,
    dimensionValue: o.s.value,
    points: (o.points as readonly BaselinePoint[]).map((p) => ({
      date: p.date,
      value: round(p.actual),
      expected: round(p.expected),
      low: round(p.low),
      high: round(p.high),
    })),
    marks: [{ date: f.date, kind: f.direction === "up" ? "spike" : "drop" }],
  };
}

/** The watch window: where the loader must start so the first judged day has its baseline. */
export function segmentWatchRange(periodStart: string, periodEnd: string): { from: string; watchStart: string } {
  const capped = addDays(periodEnd, -(SEGMENT_WATCH_MAX_DAYS - 1));
  const watchStart = capped > periodStart ? capped : periodStart;
  return { from: addDays(watchStart, -SEGMENT_LOOKBACK_DAYS), watchStart };
}

/** The segment watch's work, planned: one task per watched (segment, metric), its detections handed out when asked. */
export interface StartedSegmentWatch {
  watchStart: string;
  tasks: SegmentTask[];
  /** Each task's segment. */
  segments: SegmentDailySeries[];
  /** Each task's segments of other dimensions whose series were the same days (the same rows): not watched again. */
  sameRows: SameRowsAs[][];
  detections: () => SegmentDetection[];
}

/**
 * Picks the (segment, metric) series with the volume to be judged and starts their detections on
 * `detector` (the engine starts them before its intentions, so another thread can run them meanwhile).
 */
export function startSegmentWatch(ctx: EngineContext, detector: SegmentDetector): StartedSegmentWatch {
  const w = ctx.window;
  const { watchStart } = segmentWatchRange(w.periodStart, w.periodEnd);
  const narrowFrom = addDays(w.periodEnd, -(NARROW_DAILY_DAYS - 1));
  const from = ctx.segmentDaily.from;
  const tasks: SegmentTask[] = [];
  const segments: SegmentDailySeries[] = [];
  const sameRows: SameRowsAs[][] = [];
  const watched = new Map<string, number[]>();
  const metrics = WATCHED_METRICS.filter(
    (m) => m !== "engagedSessions" || ctx.project.siteType === "content" || ctx.project.siteType === "brand",
  );
  // The site total's level shifts of each metric (found once per report; the trend and anomaly intentions use them
  // all) where each segment's days are cut into levels: only the clear ones (segment-detect.ts). A weak one is dated
  // to within days at best: the total's shift of a lead site whose Paid Search leads fell to none (p = 0.02) was
  // dated 3 days early, and Paid Search's 3 days before the drop were fitted from the zeros after it.
  const totalShifts = new Map(
    metrics.map(
      (m) => [m, ctx.data.hasMetric(m) ? totalLevelShifts(ctx, m, CLEAR_SHIFT_P).map((x) => x.date) : []] as const,
    ),
  );
  // The days of the site total's episodes of each metric: a segment's share of them is left out of its step scan.
  const totalEpisodes = new Map(
    metrics.map((m) => [m, ctx.data.hasMetric(m) ? totalChangePoints(ctx, m).episodeDays : []] as const),
  );
  const watchesPosition = ctx.data.hasMetric("position");
  const watchesOrderValue = ctx.data.hasMetric("averageOrderValue");
  const same = ctx.sameCount && metrics.includes(ctx.sameCount.canonical) ? ctx.sameCount : null;
  const periodAt = dayNumber(w.periodStart) - dayNumber(from);
  // Channel “Email”, Source “newsletter” and Medium “email” are often one newsletter's rows, day for day: one series,
  // tested once (each test raises the bar the report-wide FDR holds every finding to) and told once, naming the
  // others (as foldSameRows folds findings whose numbers match).
  const add = (s: SegmentDailySeries, task: SegmentTask) => {
    const key = sameTaskKey(s.sourceId, task);
    const twin = watched.get(key)?.find((i) => segments[i].dimension !== s.dimension && sameTest(tasks[i], task));
    if (twin !== undefined) {
      sameRows[twin].push({ dimension: s.dimension, dimensionValue: s.value });
      return;
    }
    const sameKey = watched.get(key);
    if (sameKey) sameKey.push(tasks.length);
    else watched.set(key, [tasks.length]);
    tasks.push(task);
    segments.push(s);
    sameRows.push([]);
  };
  for (const s of ctx.segmentDaily.series) {
    // Before its source's first import a segment is unknown, not at 0 (a project with a short history).
    const unknown = ctx.data.unknownDays(s.sourceId, ctx.excludedDays);
    // Each count's volume, computed once per segment (revenue and cost read the counts behind them).
    const countVolumes = new Map<PartKey, Volume>();
    const countVolume = (c: PartKey) => {
      let v = countVolumes.get(c);
      if (!v)
        countVolumes.set(
          c,
          (v = volume(
            segmentSeries(s, c, from, w.periodEnd, unknown).map((p) => p.value),
            periodAt,
          )),
        );
      return v;
    };
    // A segment past a dimension's largest is watched in its volume and the KPI: where an event it
    // hides in the total matters most, at a third of the cost of every metric it has.
    const volumeMetric = s.narrow ? VOLUME_METRICS.find((m) => enoughForShifts(countVolume(m))) : undefined;
    for (const metric of metrics) {
      if (s.narrow && metric !== volumeMetric && (s.tail || metric !== ctx.kpi?.metric)) continue;
      const shifts = totalShifts.get(metric)!;
      const series = segmentSeries(s, metric, from, w.periodEnd, unknown);
      // Conversions that are this segment's transactions (or leads) day by day: one series, watched as that count.
      if (same?.alias === metric && sameValues(series, segmentSeries(s, same.canonical, from, w.periodEnd, unknown)))
        continue;
      const own = volume(
        series.map((p) => p.value),
        periodAt,
      );
      let daily = enoughData(own, MIN_COUNT_PER_DAY);
      const behind = COUNT_BEHIND[metric];
      const shifting = enoughForShifts(own);
      const counts = shifting && behind ? behind.map(countVolume) : undefined;
      if (!shifting || (counts && !counts.some(enoughForShifts))) {
        // Too few a day for its level shifts, but a run of empty days at its end is still judged as a stop: a
        // campaign's 2-3 conversions a day that fell to none when its tracking broke.
        if (!s.tail && stoppedAtEnd(series, metric)) {
          const tag = { metric, dimension: s.dimension, value: s.value, series, watchStart, periodEnd: w.periodEnd };
          add(s, { ...tag, daily: false, stopOnly: true });
        }
        continue;
      }
      if (counts) daily &&= counts.some((c) => enoughData(c, MIN_COUNT_PER_DAY));
      // A count of a few a day (a small channel's leads) has its days judged as counts; money made of a few baskets
      // a day is left to the level shifts (its days are sums of a few amounts of any size).
      const counted = !daily && !behind && enoughData(own, MIN_COUNT_PER_DAY_COUNTED);
      const task: SegmentTask = {
        metric,
        dimension: s.dimension,
        value: s.value,
        series,
        watchStart,
        periodEnd: w.periodEnd,
        // A segment of the long tail is watched for level shifts only.
        daily: (daily || counted) && !s.tail,
        ...(counted ? { counts: true } : {}),
        ...(shifts.length > 0 ? { totalShifts: shifts } : {}),
        ...(totalEpisodes.get(metric)!.length > 0 ? { totalEpisodeDays: totalEpisodes.get(metric) } : {}),
        ...(s.narrow && narrowFrom > watchStart
          ? { dailyWindow: { judgedFrom: narrowFrom, readFrom: addDays(narrowFrom, -SEGMENT_LOOKBACK_DAYS) } }
          : {}),
      };
      add(s, task);
    }
    // A query's or page's search position, where its impressions make the daily average steady: a ranking lost is
    // the cause an analyst looks for behind the impressions and clicks that went with it.
    const position = watchesPosition && !s.tail ? dailyRatio(s, POSITION, from, w.periodEnd, unknown) : null;
    // A segment's average order value, where its orders make the daily average steady: a price or basket change the
    // revenue shows only behind the noise of its order count (a third off the baskets of Paid Search, 15 orders a day).
    const orderValue = watchesOrderValue && !s.narrow ? dailyRatio(s, ORDER_VALUE, from, w.periodEnd, unknown) : null;
    for (const [metric, series] of [
      ["position", position],
      ["averageOrderValue", orderValue],
    ] as const)
      if (series)
        add(s, {
          metric,
          dimension: s.dimension,
          value: s.value,
          series,
          watchStart,
          periodEnd: w.periodEnd,
          daily: false,
        });
  }
  return { watchStart, tasks, segments, sameRows, detections: detector.start(tasks) };
}

export function watchSegments(ctx: EngineContext): SegmentWatch {
  const cached = cache.get(ctx);
  if (cached) return cached;
  const started = ctx.segmentWatch ?? startSegmentWatch(ctx, inlineSegmentDetector);
  const out: SegmentWatch = {
    anomalies: [],
    shifts: [],
    tests: { anomalies: 0, shifts: 0 },
    series: 0,
    watchStart: started.watchStart,
  };
  const detections = moderateSegmentNoise(
    started.tasks,
    started.detections(),
    (i) => `${started.segments[i].sourceId} ${started.tasks[i].metric}`,
  );
  const countDay = countDaysOf(started.tasks, started.segments, detections);
  started.tasks.forEach((task, i) => {
    out.series++;
    collectFindings(ctx, started.segments[i], task, detections[i], out, started.sameRows[i], countDay);
  });
  // The tail segments the screen left unread were tested in effect and found nothing: they count in the family.
  out.tests.shifts += ctx.segmentDaily.untestedShifts ?? 0;
  cache.set(ctx, out);
  return out;
}

/** Impressions a day a segment's average position needs to be watched: fewer, and one searcher moves it. */
const MIN_IMPRESSIONS_FOR_POSITION = 50;

/**
 * A segment's daily ratio of two of its parts (the average position: position × impressions ÷ impressions; the average
 * order value: revenue ÷ transactions), or null with fewer than `minPerDay` of the denominator a day behind it (one
 * searcher or one large basket moves a day's average) or no numerator at all.
 */
function dailyRatio(
  s: SegmentDailySeries,
  [numerator, denominator, minPerDay]: readonly [PartKey, PartKey, number],
  from: string,
  to: string,
  unknown: ReturnType<EngineContext["data"]["unknownDays"]>,
): DailyPoint[] | null {
  const below = segmentSeries(s, denominator, from, to, unknown);
  if (!enoughData(volume(below.map((p) => p.value)), minPerDay)) return null;
  const above = segmentSeries(s, numerator, from, to, unknown);
  if (!above.some((p) => (p.value ?? 0) > 0)) return null;
  return below.map((p, i) => ({
    date: p.date,
    value: p.value && above[i].value !== null ? above[i].value! / p.value : null,
  }));
}
const POSITION = ["positionWeighted", "impressions", MIN_IMPRESSIONS_FOR_POSITION] as const;
const ORDER_VALUE = ["revenue", "transactions", MIN_COUNT_PER_DAY] as const;

interface Volume {
  known: number;
  total: number;
  nonZero: number;
  /**
   * The same of the days before the report period, and of the period's; and, for a segment that began inside the
   * window (a new channel or campaign), of its days from its first to its last (a campaign that ran three weeks and
   * ended, whose zeros after it hid it as the zeros before a start did).
   */
  sides: { known: number; total: number; nonZero: number }[];
}

/** `values` from the watch's first day; the report period's first is at `periodAt`. */
function volume(values: (number | null)[], periodAt = values.length): Volume {
  const sides = [0, 1].map(() => ({ known: 0, total: 0, nonZero: 0 }));
  let first = -1;
  let last = -1;
  // Indexed: this runs for every (segment, metric) before the detections start.
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null) continue;
    const side = sides[i < periodAt ? 0 : 1];
    side.known++;
    side.total += v;
    if (v !== 0) {
      side.nonZero++;
      if (first < 0) first = i;
      last = i;
    }
  }
  // A segment that began after the window's first day: its level while it ran, which the zeros before it hid (an
  // Affiliates channel started mid-period, 300 sessions a day, was not watched and its start went unnamed).
  if (first > 0) {
    const since = { known: 0, total: 0, nonZero: 0 };
    for (let i = first; i <= last; i++) {
      const v = values[i];
      if (v === null) continue;
      since.known++;
      since.total += v;
      if (v !== 0) since.nonZero++;
    }
    sides.push(since);
  }
  const [before, during] = sides;
  return {
    known: before.known + during.known,
    total: before.total + during.total,
    nonZero: before.nonZero + during.nonZero,
    sides,
  };
}

function enoughData({ known, total, nonZero }: Volume, minPerDay: number): boolean {
  return known >= UNUSUAL_DAYS_MIN_DATA && nonZero >= 0.8 * known && total / known >= minPerDay;
}

/** A segment's level before a stop is judged from this many a day (fewer, and its empty days are its usual ones). */
const MIN_STOP_LEVEL = 1;

/** Whether the series ends in a stop worth judging: its last days empty after a level of MIN_STOP_LEVEL or more. */
function stoppedAtEnd(series: readonly DailyPoint[], metric: string): boolean {
  const stop = stoppedSeries(series, { metric }, SHIFT_DAYS_AT_END);
  return stop !== null && stop.baseline >= MIN_STOP_LEVEL;
}

/** Days of one side (before the period, or the period) that can hold up the level a shift is judged from. */
const MIN_SIDE_DAYS = 14;

/**
 * Enough volume for level shifts: over the whole window, or over the days before the period or the period's own.
 * Over the window alone, a drop hid itself: a channel with 3 conversions a day whose rate halved mid-period
 * averaged fewer than MIN_COUNT_PER_DAY_SHIFTS over the window and was not watched, however clear its drop (8
 * standard errors; the quality bench's shops, a 50-60 % fall of a channel's conversion rate). Judged on the level it
 * had before (or reached in the period), its pooled days carry the shift as a larger segment's do.
 */
function enoughForShifts(v: Volume): boolean {
  if (enoughData(v, MIN_COUNT_PER_DAY_SHIFTS)) return true;
  if (v.known < UNUSUAL_DAYS_MIN_DATA) return false;
  return v.sides.some(
    (side) =>
      side.known >= MIN_SIDE_DAYS &&
      side.nonZero >= 0.8 * side.known &&
      side.total / side.known >= MIN_COUNT_PER_DAY_SHIFTS,
  );
}

/** One (segment, metric)'s detections as the report's candidates, each with its effect on the KPI and its evidence. */
function collectFindings(
  ctx: EngineContext,
  s: SegmentDailySeries,
  task: SegmentTask,
  detection: SegmentDetection,
  out: SegmentWatch,
  sameRows: SameRowsAs[],
  countDay: CountDay,
) {
  const w = ctx.window;
  const { metric, watchStart } = task;
  // The segments of other dimensions whose series this one's was are named in each finding (a copy each).
  const named = sameRows.length > 0 ? () => ({ sameRowsAs: sameRows.map((x) => ({ ...x })) }) : () => ({});
  const { shifts } = detection;
  out.tests.shifts++;
  const judged = task.series.filter((p) => p.date >= watchStart);
  for (const found of withoutStretchEnds(shifts)) {
    const f = startedFromNothing(found);
    // A shift moves every later day of the period by `change` (a stretch's, each of its days in the period); an
    // average position is a level, not a sum of days.
    const from = firstDayIn(f, w.periodStart);
    const end = lastDayOf(f, w.periodEnd);
    const days = countDays(from, end, ctx.excludedDays.of(s.sourceId));
    const finding: SegmentShift =
      metric === "position"
        ? { ...f, ...effect(ctx, s, metric, f.change, f.baseline) }
        : metric === "averageOrderValue"
          ? // Each order from the shift on at the new value: the change times the segment's orders since.
            { ...f, ...effect(ctx, s, metric, f.change, null, ordersSince(s, from, end, ctx)) }
          : { ...f, ...effect(ctx, s, metric, f.change * days) };
    Object.assign(finding, named());
    // A stretch that began before the period is charted from a week before its first day, so both levels show.
    if (f.date < w.periodStart) finding.beforePeriod = true;
    const shown = f.date < watchStart ? task.series.filter((p) => p.date >= addDays(f.date, -7)) : judged;
    origin.set(finding, { s, metric, from, afterEnd: end, points: shown });
    out.shifts.push(finding);
  }
  const result = detection.anomalies;
  if (!result) return;
  out.tests.anomalies += result.judgedDays;
  for (const f of result.findings) {
    // Days after a shift, on its side, are the shift itself, not separate anomalies; and so is a day between its two
    // levels at its edge (a campaign's last Sunday before its tag was renamed, 4 orders of its usual 10, was the first
    // day of its orders' step to 0, and "above the expected range of 0 to 0").
    if (shifts.some((x) => (onItsSide(f, x) && onItsDays(f, x)) || stepEdge(f, x))) continue;
    const evidence = amountEvidence(s, metric, f, countDay, task.series);
    const weighed = evidence !== null && evidence > f.pValue ? { ...f, pValue: evidence } : f;
    const finding: SegmentAnomaly = { ...weighed, ...effect(ctx, s, metric, f.change ?? 0), ...named() };
    const idle = idleTraffic(ctx, s, metric, finding);
    if (idle)
      Object.assign(finding, {
        kpiEffect: 0,
        indirectEffect: indirectEffectOf(ctx, metric, f.change ?? 0),
        idleTraffic: idle,
      });
    origin.set(finding, { s, metric, from: f.date, afterEnd: f.date, points: result.points });
    out.anomalies.push(finding);
  }
}

/** A segment's judged day of a count (its actual, expected and σ), when its one-day test judged that day. */
type CountDay = (s: SegmentDailySeries, metric: PartKey, date: string) => BaselinePoint | null;

/** Each watched segment's judged days of each metric, read by segment, metric and date. */
function countDaysOf(
  tasks: readonly SegmentTask[],
  segments: readonly SegmentDailySeries[],
  detections: readonly SegmentDetection[],
): CountDay {
  const key = (s: SegmentDailySeries, metric: string) =>
    `${s.sourceId}\u0000${s.dimension}\u0000${s.value}\u0000${metric}`;
  const byKey = new Map<string, Map<string, BaselinePoint>>();
  tasks.forEach((task, i) => {
    const points = detections[i].anomalies?.points;
    if (points) byKey.set(key(segments[i], task.metric), new Map(points.map((p) => [p.date, p])));
  });
  return (s, metric, date) => byKey.get(key(s, metric))?.get(date) ?? null;
}

/**
 * The evidence for an amount's unusual day (revenue, cost, a store's order revenue, won deals' value): its count's
 * (orders, clicks, deals) that day, or its baskets' (the amount beyond its count at the average per item: a basket's
 * value, a click's price), as the stronger of the two; null when no count behind was judged that day. A day's revenue
 * is a sum of a few baskets of any size, whose spread the robust noise scale reads short: a noise campaign account's
 * desktop revenue "on Oct 24, 2026 was $1,886.27, above the expected range of $101.23 to $1,150.00" passed the
 * report's bar (p = 1.5·10⁻⁵) on 19 conversions where about 9 were expected (p = 0.002) at $99 each against $70
 * (p = 0.005), and a campaign's cost (p = 6·10⁻¹⁰) on 48 clicks where about 27 were expected (p = 6·10⁻⁵) at its usual
 * price. Which baskets came in is chance; more orders, or more per order from a lasting change (the average order
 * value's level shifts), is the news. One order of $6,000 among $60 ones passes by its basket, and so does a day's
 * price per click that jumped.
 */
function amountEvidence(
  s: SegmentDailySeries,
  metric: string,
  day: AnomalyFinding,
  countDay: CountDay,
  days: readonly DailyPoint[],
): number | null {
  const behind = COUNT_BEHIND[metric as PartKey];
  if (!behind) return null;
  const sign = day.direction === "up" ? 1 : -1;
  for (const count of behind) {
    const p = countDay(s, count, day.date);
    if (!p || p.actual === null || p.expected === null) continue;
    const sigma = p.sigma;
    if (sigma === null || !(sigma > 0)) return null;
    const z = ((p.actual - p.expected) / sigma) * sign;
    const orders = z <= 0 ? 1 : p.df ? twoSidedStudentTP(z, p.df) : Math.min(1, 2 * normalSurvival(z));
    return Math.min(orders, basketEvidence(s, count, day.date, sign, days));
  }
  return null;
}

/**
 * The two-sided p-value (in the day's direction) of a day's amount beyond its orders at the segment's average basket:
 * (amount − orders × average) over √orders × the baskets' spread, both read from the segment's other days (every
 * day's amount less its orders at the average, squared, over all their orders: a sum of n baskets varies n times
 * one's). 1 without orders or spread to read.
 */
function basketEvidence(
  s: SegmentDailySeries,
  count: PartKey,
  date: string,
  sign: number,
  days: readonly DailyPoint[],
): number {
  const ordersOn = (d: string) => s.days.get(d)?.[PART_INDEX[count]] ?? null;
  let amount = 0;
  let orders = 0;
  for (const p of days) {
    const n = ordersOn(p.date);
    if (p.date === date || p.value === null || n === null || !(n > 0)) continue;
    amount += p.value;
    orders += n;
  }
  const own = days.find((p) => p.date === date)?.value ?? null;
  const n = ordersOn(date);
  if (!(orders > 0) || own === null || n === null) return 1;
  const average = amount / orders;
  let squares = 0;
  for (const p of days) {
    const k = ordersOn(p.date);
    if (p.date === date || p.value === null || k === null || !(k > 0)) continue;
    squares += (p.value - k * average) ** 2;
  }
  const spread = Math.sqrt(squares / orders);
  if (!(spread > 0)) return 1;
  const z = (sign * (own - n * average)) / (Math.sqrt(Math.max(n, 1)) * spread);
  return z <= 0 ? 1 : Math.min(1, 2 * normalSurvival(z));
}

/** Whether a day is on a shift's side, after it (to its last day, for a level that came back). */
const onItsSide = (day: AnomalyFinding, shift: LevelShiftFinding) =>
  day.date >= shift.date && day.direction === shift.direction && (!shift.until || day.date <= shift.until);

/** Whether a day falls on the weekdays a shift took (every day, unless it took some only: weekday-shift.ts). */
const onItsDays = (day: AnomalyFinding, shift: LevelShiftFinding) =>
  !takesSomeWeekdays(shift) || shift.weekdays.includes(dayOfWeek(day.date));

/** A day within a day of a shift's first, at a value between the shift's two levels: the step's own edge. */
function stepEdge(day: AnomalyFinding, shift: LevelShiftFinding): boolean {
  if (day.direction === shift.direction || Math.abs(dayNumber(day.date) - dayNumber(shift.date)) > 1) return false;
  const [low, high] = [shift.baseline ?? 0, shift.current ?? 0].sort((a, b) => a - b);
  return day.actual >= low && day.actual <= high;
}

/** A day's KPI within this many of its daily standard deviations above its usual level brought nothing more. */
const IDLE_WITHIN = 2;
/** ... and this many below what the day's visits were due to bring at the segment's rate (and nearer the usual). */
const IDLE_SHORT_OF_DUE = 1.5;
/** Days before an unusual day that its segment's usual KPI on that weekday is read from: four of each weekday. */
const USUAL_DAYS = 28;

/**
 * A day of extra traffic in a segment whose KPI did not rise with it: the KPI that day within 2 of its day-to-day
 * standard deviations of its usual level on that weekday, nearer it than what the traffic at the segment's own rate
 * would have brought, and 1.5 of the larger spread at that level short of the latter. Counted at that rate, a bot spike
 * of 700 Direct sessions read "Estimated effect over the period: +€1,066.95 revenue" for a day whose revenue was as
 * usual; the finding then says the extra visits brought nothing, with no effect on the KPI. Null when the KPI is not
 * in the segment's rows or the day's traffic fell.
 */
function idleTraffic(
  ctx: EngineContext,
  s: SegmentDailySeries,
  metric: PartKey | LevelMetric,
  f: SegmentAnomaly,
): SegmentFindingExtras["idleTraffic"] | null {
  const kpi = ctx.kpi?.metric;
  if (!kpi || !VOLUME_METRICS.includes(metric as PartKey) || f.direction !== "up" || !(f.kpiEffect > 0)) return null;
  if (!(kpi in PART_INDEX)) return null;
  const unknown = ctx.data.unknownDays(s.sourceId, ctx.excludedDays);
  const days = segmentSeries(s, kpi as PartKey, addDays(f.date, -USUAL_DAYS), f.date, unknown);
  const actual = days[days.length - 1]?.value;
  if (actual === null || actual === undefined) return null;
  // Each weekday's mean over the four weeks before, and the spread of the days around their weekday's mean.
  const before = days.slice(0, -1);
  const byWeekday = Array.from({ length: 7 }, () => [] as number[]);
  for (const p of before) if (p.value !== null) byWeekday[dayOfWeek(p.date)].push(p.value);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const own = byWeekday[dayOfWeek(f.date)];
  if (own.length < 3) return null;
  let squares = 0;
  let n = 0;
  for (const xs of byWeekday) {
    if (xs.length < 2) continue;
    const m = mean(xs);
    for (const x of xs) squares += (x - m) ** 2;
    n += xs.length - 1;
  }
  if (n < 10) return null;
  const usual = mean(own);
  const spread = Math.sqrt(squares / n);
  if (!(spread > 0) || !(usual > 0) || actual - usual >= IDLE_WITHIN * spread) return null;
  // What the visits would have brought at the segment's rate, with a spread that grows with it as a count's does: a
  // newsletter's day that brought 8 orders where 11 were due is its traffic's, not idle.
  const due = usual + f.kpiEffect;
  const dueSpread = spread * Math.sqrt(due / usual);
  const fromUsual = (actual - usual) / spread;
  const fromDue = (actual - due) / dueSpread;
  return fromDue < -IDLE_SHORT_OF_DUE && Math.abs(fromUsual) < Math.abs(fromDue)
    ? { metric: kpi, actual, usual }
    : null;
}

/**
 * A segment's finding's effect on the KPI, at the segment's own KPI per unit where its rows tell it; a ratio's at its
 * `denominator` (the segment's orders behind an order value's change).
 */
function effect(
  ctx: EngineContext,
  s: SegmentDailySeries,
  metric: string,
  delta: number,
  baseline?: number | null,
  denominator?: number | null,
): SegmentFindingExtras {
  const e = kpiEffectOf(ctx, metric, delta, denominator ?? null, baseline, s);
  return {
    sourceId: s.sourceId,
    kpiEffect: e.kpiEffect,
    kpiMetric: ctx.kpi?.metric ?? null,
    indirectEffect: e.indirectEffect,
  };
}

/** The segment's transactions from `from` to `to` (excluded and unknown days are null in its series). */
function ordersSince(s: SegmentDailySeries, from: string, to: string, ctx: EngineContext): number {
  const days = segmentSeries(s, "transactions", from, to, ctx.data.unknownDays(s.sourceId, ctx.excludedDays));
  return days.reduce((sum, p) => sum + (p.value ?? 0), 0);
}

function countDays(from: string, to: string, excluded: ReadonlySet<string>): number {
  let n = dayNumber(to) - dayNumber(from) + 1;
  for (const d of excluded) if (d >= from && d <= to) n--;
  return Math.max(0, n);
}

const MAX_FINDINGS = 12;

/** One insight per view: the segments' one-day anomalies, or their level shifts. */
export function runSegmentWatch(
  ctx: EngineContext,
  intention: Intention,
  view: "anomalies" | "level_shifts",
): IntentionOutcome {
  const watch = watchSegments(ctx);
  const candidates: (SegmentAnomaly | SegmentShift)[] = view === "anomalies" ? watch.anomalies : watch.shifts;
  // Every candidate goes to the report-wide FDR control, which keeps the significant ones; only then are they cut to
  // the MAX_FINDINGS with most impact (run-engine.ts). Cut before it, by impact, a 6 SD day of a small campaign was
  // dropped behind 48 larger segments' chance candidates (p < 0.05 on 5 % of 1,500 tests) and never judged.
  const findings = [...candidates].sort(
    (a, b) =>
      Math.abs(b.kpiEffect) - Math.abs(a.kpiEffect) || b.indirectEffect - a.indirectEffect || a.pValue - b.pValue,
  );
  const lead = findings[0];
  return {
    intention,
    findings,
    // Filled from the lead finding once the report-wide FDR has kept it (segmentWatchChart).
    chart: null,
    // The largest single finding (with its days in a row): one segment's event seen in several metrics is one event.
    kpiEffect: leadRunEffect(findings),
    indirectEffect: lead && !lead.kpiEffect ? lead.indirectEffect : 0,
    severity: 0,
    tests: view === "anomalies" ? watch.tests.anomalies : watch.tests.shifts,
    localised: true,
  };
}

export const SEGMENT_MAX_FINDINGS = MAX_FINDINGS;

/** Values this close (relative) are the same rows' sums. */
const SAME_ROWS = 0.005;
const close = (a: number | null, b: number | null) =>
  a === b || (a !== null && b !== null && Math.abs(a - b) <= SAME_ROWS * Math.max(Math.abs(a), Math.abs(b)));

/**
 * The report's segment findings with each event said once: a finding whose kind, metric, day, direction and values
 * match a finding ranked above it is the same rows seen through another dimension (Channel “Email”, Source
 * “newsletter” and Medium “email” are one newsletter's traffic). It is folded into that finding's `sameRowsAs`,
 * so the sentence names the others once instead of repeating the event three times.
 */
export function foldSameRows<T extends SegmentAnomaly | SegmentShift>(findings: readonly T[]): T[] {
  const kept: T[] = [];
  for (const f of findings) {
    const twin = kept.find(
      (k) =>
        sameMoment(k, f) && k.dimension !== f.dimension && close(k.current, f.current) && close(k.baseline, f.baseline),
    );
    if (!twin) kept.push(f);
    else (twin.sameRowsAs ??= []).push({ dimension: f.dimension ?? "", dimensionValue: f.dimensionValue ?? "" });
  }
  return kept;
}

/** Two segment findings of one kind, metric, first day and direction: candidates for one event. */
function sameMoment(a: SegmentAnomaly | SegmentShift, b: SegmentAnomaly | SegmentShift): boolean {
  return a.kind === b.kind && a.metric === b.metric && a.periodStart === b.periodStart && a.direction === b.direction;
}

/** Changes this close (relative) on the same day, in segments of other dimensions, are taken for one event. */
const SAME_EVENT = 0.1;

/**
 * The report's segment findings with each event led by its most specific segment: findings of the same kind, metric,
 * day and direction in segments of other dimensions whose changes are within SAME_EVENT of each other are one change
 * seen at several grains (a campaign's cost rise is its medium's and its source's too, by about as much). The segment
 * with the smallest level before the change (the largest relative change) leads, in the place of the group's
 * highest-ranked finding; the wider ones are folded into its `sameEventAs`, so the campaign is named first and the
 * same rise is not listed three times. Run after foldSameRows (equal values are the same rows, not only the same
 * event).
 */
export function foldSameEvent<T extends SegmentAnomaly | SegmentShift>(findings: readonly T[]): T[] {
  const kept: T[] = [];
  const dimensionsOf = (f: T) => [f.dimension, ...(f.sameEventAs ?? []).map((s) => s.dimension)];
  for (const f of findings) {
    const at = kept.findIndex(
      (k) => sameMoment(k, f) && !dimensionsOf(k).includes(f.dimension) && sameChange(k.change, f.change),
    );
    if (at < 0) {
      kept.push(f);
      continue;
    }
    const k = kept[at];
    const [lead, wider]: T[] = Math.abs(f.baseline ?? Infinity) < Math.abs(k.baseline ?? Infinity) ? [f, k] : [k, f];
    lead.sameEventAs = [
      ...(lead.sameEventAs ?? []),
      ...(wider.sameEventAs ?? []),
      { dimension: wider.dimension ?? "", dimensionValue: wider.dimensionValue ?? "", change: wider.change ?? 0 },
    ];
    delete wider.sameEventAs;
    kept[at] = lead;
  }
  return kept;
}

function sameChange(a: number | null, b: number | null): boolean {
  return a !== null && b !== null && Math.abs(a - b) <= SAME_EVENT * Math.max(Math.abs(a), Math.abs(b));
}

/**
 * The segment watch's outcome carries its lead finding's effect on the KPI (none when the season predicted it, or when
 * nothing is left), set again whenever its findings are cut or reordered.
 */
export function takeLeadEffect(o: IntentionOutcome): void {
  const lead = o.findings[0] as (Finding & { kpiEffect?: number; indirectEffect?: number }) | undefined;
  const quiet = !lead || isSeasonallyExpected(lead);
  o.kpiEffect = quiet ? 0 : leadRunEffect(o.findings);
  o.indirectEffect = quiet || o.kpiEffect ? 0 : (lead.indirectEffect ?? 0);
}

/** The lead's effect on the KPI with its days in a row (`leadRun`). */
const leadRunEffect = (findings: readonly Finding[]) =>
  leadRun(findings).reduce((sum, f) => sum + ((f as { kpiEffect?: number }).kpiEffect ?? 0), 0);

/**
 * The lead finding and, when it is an unusual day, the other days of its series the same way on the days next to it
 * (a week's promotion, five days of a spent budget: summary.ts tells them in one sentence), in date order. The
 * insight's effect is theirs together: led by one of five days at half a channel's visits, it read "Estimated effect
 * over the period: −€507.60 revenue" under a headline of the five days, whose sentence said −€2,136.98.
 */
export function leadRun(findings: readonly Finding[]): Finding[] {
  return findings.length ? daysAround(findings[0], findings) : [];
}

/** The chart of a segment-watch insight: its lead finding's series, with every day of its run marked (or null). */
export function segmentWatchChart(findings: readonly Finding[]): Chart | null {
  const lead = findings[0] as (Finding & SegmentFindingExtras) | undefined;
  const chart = lead?.series ?? null;
  const run = leadRun(findings);
  if (!chart || chart.type !== "series" || run.length < 2) return chart;
  const marked = new Set(chart.marks?.map((m) => m.date));
  const more = run
    .filter((f) => !marked.has(f.periodStart))
    .map((f) => ({ date: f.periodStart, kind: f.direction === "up" ? ("spike" as const) : ("drop" as const) }));
  return { ...chart, marks: [...(chart.marks ?? []), ...more].sort((a, b) => a.date.localeCompare(b.date)) };
}
