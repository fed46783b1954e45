import { addDays, daysBetween } from "@/lib/dates";
import { findMetric } from "@/lib/insights/metrics";
import { PART_INDEX, type PartKey } from "../data/parts";
import { segmentSeries } from "../data/segment-daily";
import type { EngineContext } from "../engine/types";
import { dayLevel, type DayLevel } from "../stats/day-level";
import { normalQuantile } from "../stats/distributions";
import { directionOf, relativeChange, type DailyPoint } from "../types";

// A step's before and after, stated on the days it names, less the days the same report tells as unusual on the same
// series: the one restatement both engines' level shifts go through (v2's run-engine.ts, v3's run.ts). The
// change-point scan measures a step on every day after it, and a step that opens with a few days far beyond its new
// level (a news story's first days) read as them: Peyton Manning's page views "shifted from about 4,718 to 42,780 a
// day on Mar 7, 2012", where the report told Mar 7, 8 and 9 (114,100, 86,102 and 44,044) as unusual days and the days
// after them averaged about 25,000. Each day is told once: the unusual days by their own findings, the level without.
//
// - The days a step names (the quality checker's, properties/direction.ts): from its date to its end (the last day of
//   a level that came back, else the finding's), against as many days before it (14 to 28), back to the change before
//   it on the same series.
// - A level is `dayLevel`'s: the mean of the weekdays' means, its noise each day's distance from its weekday's mean
//   (the week's shape is no noise). The expected range is where the mean of the days after falls without a change:
//   the level before, give or take the two means' noise (never below zero for a series that never is).
// - The scan decided that the step exists (its test, its p-value, its date are kept): the restatement never tests it
//   again. Its one rule: a step whose restated after is not beyond its restated before in the direction it states is
//   dropped — its move was the unusual days, and those are told by their own findings.
// - Stated this way: plain and came-back level shifts of an additive metric by day. A weekday step keeps its weekdays'
//   levels (weekday-shift.ts), a stop or a start its "none", a week's or a month's step its own grain.

const MIN_BEFORE_DAYS = 14;
const MAX_BEFORE_DAYS = 28;

/** What the restatement reads and writes of a finding (both engines' level shifts have these fields). */
interface StepFields {
  kind: string;
  metric: string;
  dimension: string | null;
  dimensionValue: string | null;
  periodStart: string;
  periodEnd: string;
  baseline: number | null;
  current: number | null;
  change: number | null;
  confidence?: number;
  date?: string;
  until?: string;
  earliestDate?: string;
  weekdays?: number[];
  endsStretchFrom?: string;
  shape?: string;
  grain?: string;
  effectSize?: number;
  kpiEffect?: number;
  noiseRatio?: number;
}

/** A series' known days from `from` to `to` (null where a day is unknown), or null when the series is not at hand. */
export type DaysOf = (
  f: { metric: string; dimension: string | null; dimensionValue: string | null },
  from: string,
  to: string,
) => readonly DailyPoint[] | null;

export interface RestateOptions {
  /** The report's last day: the end of a step whose finding ends before its date. */
  periodEnd: string;
  /** Restate only the steps with an unusual day on their days (v2's are stated on their days at its scan already). */
  onlyBesideUnusualDays: boolean;
}

const fieldsOf = (f: object) => f as StepFields;
const seriesKey = (f: StepFields) => `${f.metric}|${f.dimension ?? ""}|${f.dimensionValue ?? ""}`;

/** The days each series' unusual-day findings (anomalies) name, by series. */
function unusualDays(findings: readonly StepFields[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const f of findings) {
    if (f.kind !== "anomaly" || (f.grain && f.grain !== "day")) continue;
    const days = out.get(seriesKey(f)) ?? new Set<string>();
    days.add(f.date ?? f.periodStart);
    out.set(seriesKey(f), days);
  }
  return out;
}

function restatable(f: StepFields): boolean {
  return (
    f.kind === "level_shift" &&
    (f.grain ?? "day") === "day" &&
    !f.weekdays &&
    f.endsStretchFrom === undefined &&
    f.shape !== "stop" &&
    f.shape !== "start" &&
    typeof f.baseline === "number" &&
    typeof f.current === "number" &&
    typeof f.change === "number" &&
    f.change !== 0 &&
    findMetric(f.metric)?.kind === "additive"
  );
}

interface Windows {
  date: string;
  end: string;
  start: string;
  beforeEnd: string;
}

/** The days a step names: its own, and the days before it back to the change before it on the same series. */
function windowsOf(f: StepFields, all: readonly StepFields[], periodEnd: string): Windows {
  const date = f.date ?? f.periodStart;
  const end = f.until ?? (f.periodEnd >= date ? f.periodEnd : periodEnd);
  let start = addDays(date, -Math.min(MAX_BEFORE_DAYS, Math.max(MIN_BEFORE_DAYS, daysBetween(date, end))));
  for (const o of all) {
    if (o === f || !o.date || o.date >= date || seriesKey(o) !== seriesKey(f)) continue;
    if (o.kind !== "level_shift" && o.kind !== "trend") continue;
    // A level that came back before this date: the level from the day after it.
    const from = o.until && o.until < date ? addDays(o.until, 1) : o.date;
    if (from > start) start = from;
  }
  const beforeEnd = addDays(f.earliestDate && f.earliestDate < date ? f.earliestDate : date, -1);
  return { date, end, start, beforeEnd };
}

/** The two levels of a step's days, less `skip`; null when either side has too few days left. */
function levelsOf(days: readonly DailyPoint[], w: Windows, skip: ReadonlySet<string>) {
  const index = new Map(days.map((p, i) => [p.date, i]));
  const at = (date: string, fallback: number) => index.get(date) ?? fallback;
  const after = dayLevel(days, at(w.date, days.length), at(w.end, days.length - 1), { skip });
  const mix = after && !after.balanced ? after.mix : undefined;
  const before = after && dayLevel(days, at(w.start, 0), at(w.beforeEnd, -1), { skip, mix });
  return before && after ? { before, after } : null;
}

/**
 * The noise of the difference of the two means. A side with too few days to read each weekday's mean (a step three
 * days before the report's end: a Friday, a Saturday and a Sunday of commuters' rentals) reads its days' noise from
 * the other side's weekday-adjusted noise, the same series' (the raw spread of three days is the week's shape).
 */
function meansNoise(before: DayLevel, after: DayLevel): number {
  const perDay = (l: DayLevel) => l.se * Math.sqrt(l.n);
  const se = (l: DayLevel, other: DayLevel) =>
    !l.weekdayNoise && other.weekdayNoise ? perDay(other) / Math.sqrt(l.n) : l.se;
  return Math.hypot(se(before, after), se(after, before));
}

/** The step stated on its levels, or null when they no longer move the way it says (the module's one rule). */
function stated<F extends object>(f: F, levels: { before: DayLevel; after: DayLevel }, nonNegative: boolean): F | null {
  const s = fieldsOf(f);
  const { before, after } = levels;
  const change = after.mean - before.mean;
  if (Math.sign(change) !== Math.sign(s.change!)) return null;
  const spread = normalQuantile(1 - (1 - (s.confidence ?? 0.95)) / 2) * meansNoise(before, after);
  const low = nonNegative ? Math.max(0, before.mean - spread) : before.mean - spread;
  const high = before.mean + spread;
  if (change > 0 ? after.mean <= high : after.mean >= low) return null;
  const scale = change / s.change!;
  return {
    ...f,
    baseline: before.mean,
    current: after.mean,
    change,
    changePct: relativeChange(after.mean, before.mean),
    expectedLow: low,
    expectedHigh: high,
    direction: directionOf(change),
    // Measures of the step's size move with it: its noise multiple and its effect.
    ...(typeof s.effectSize === "number" ? { effectSize: s.effectSize * scale } : {}),
    ...(typeof s.kpiEffect === "number" ? { kpiEffect: s.kpiEffect * scale } : {}),
    ...(typeof s.noiseRatio === "number" ? { noiseRatio: s.noiseRatio * scale } : {}),
  };
}

/**
 * Each restated step of `findings` (the whole report's, so that every series' unusual days are known): the finding
 * it becomes (a new object), or null for one dropped by the rule above. Findings not in the map are told as they are.
 */
export function stepsOnTheirDays<F extends object>(
  findings: readonly F[],
  daysOf: DaysOf,
  options: RestateOptions,
): Map<F, F | null> {
  const all = findings.map(fieldsOf);
  const unusual = unusualDays(all);
  const out = new Map<F, F | null>();
  findings.forEach((f, i) => {
    const s = all[i];
    if (!restatable(s)) return;
    const w = windowsOf(s, all, options.periodEnd);
    const skip = unusual.get(seriesKey(s)) ?? new Set<string>();
    const beside = [...skip].some((d) => (d >= w.start && d <= w.beforeEnd) || (d >= w.date && d <= w.end));
    if (options.onlyBesideUnusualDays && !beside) return;
    const days = daysOf(s, w.start, w.end);
    const levels = days && levelsOf(days, w, skip);
    if (!days || !levels) return;
    const nonNegative = days.every((p) => p.value === null || !(p.value < 0));
    const told = stated(f, levels, nonNegative);
    out.set(f, told);
  });
  return out;
}

/** A list with each finding replaced by its restatement (or left out when dropped). */
export function withRestated<F>(list: readonly F[], restated: ReadonlyMap<F, F | null>): F[] {
  return list.flatMap((f) => {
    if (!restated.has(f)) return [f];
    const told = restated.get(f);
    return told ? [told] : [];
  });
}

/** The days of a finding's series as an engine context reads them: the total's, or the watched segment's. */
export function engineDays(ctx: EngineContext): DaysOf {
  return (f, from, to) => {
    if (f.dimension === null) return ctx.data.series(f.metric, from, to);
    const s = ctx.segmentDaily.series.find((x) => x.dimension === f.dimension && x.value === f.dimensionValue);
    if (!s || from < ctx.segmentDaily.from || !(f.metric in PART_INDEX)) return null;
    return segmentSeries(s, f.metric as PartKey, from, to, ctx.data.unknownDays(s.sourceId, ctx.excludedDays));
  };
}
