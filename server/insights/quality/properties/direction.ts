// "Its stated direction and before/after levels agree with the means of the data over the dates it names; a change
// relative to a trend or a season is told as that, never as a plain fall."
//
// The dates a finding names: a day (an anomaly); from its date to its end, against the days before it back to the
// previous change the report dates on the same series, as many days as after it, 14 to 28 (a level shift, a change of
// trend); the first and last weeks of its period (a growth rate); its period against the report's comparison period
// (a period change, a funnel step). Days the report itself calls unusual on that series are left out of a level's
// mean. The data contradicts a direction when its means move the other way by more than one standard error, and a
// step's own numbers when its level after is inside its expected range (it did not move); a level is off when it is
// further from the mean than three standard errors and 15 % of it.
import { addDays, daysBetween } from "@/lib/dates";
import { findMetric } from "@/lib/insights/metrics";
import { fmt, sameSeries, violation, type CheckContext, type PlacedView } from "../context";
import { daysIn, indexOf, levelOver, totalOver, type DaySeries, type Level } from "../series-data";
import type { Violation } from "../types";

const LOOKBACK_DAYS = 28;
const MIN_LOOKBACK_DAYS = 14;
const MIN_DAYS = 3;
const LEVEL_SE = 3;
const LEVEL_SHARE = 0.15;

export function checkDirection(ctx: CheckContext): Violation[] {
  const out: Violation[] = [];
  for (const p of ctx.views) {
    const v = p.view;
    out.push(...statedSign(p), ...stepMoved(p));
    const s = ctx.series(v.metric, v.segment);
    if (!s) continue;
    if (v.shape === "step") out.push(...checkStep(ctx, p, s));
    else if (v.shape === "day") out.push(...checkDay(p, s));
    else if (v.shape === "trendRate") out.push(...checkTrendRate(p, s));
    else if (v.shape === "trendChange") out.push(...checkTrendChange(ctx, p, s));
    else if (v.shape === "period") out.push(...checkPeriod(ctx, p, s));
    else if (v.shape === "funnel") out.push(...checkFunnel(ctx, p));
  }
  return out;
}

const sign = (x: number) => (x > 0 ? "up" : x < 0 ? "down" : null);

/** The finding's own numbers: its direction is the sign of after − before (a driver's, of its contribution). */
function statedSign(p: PlacedView): Violation[] {
  const v = p.view;
  if (!v.direction || v.shape === "audit" || v.shape === "other") return [];
  let moved: number | null = null;
  if (v.shape === "driver") moved = typeof v.raw.contribution === "number" ? v.raw.contribution : null;
  else if (v.shape === "trendRate") moved = v.after;
  else if (v.before !== null && v.after !== null) moved = v.after - v.before;
  if (moved === null || moved === 0 || sign(moved) === v.direction) return [];
  const what =
    v.shape === "driver" ? `its contribution is ${fmt(moved)}` : `its own levels go ${fmt(v.before)} → ${fmt(v.after)}`;
  return [violation(p, "direction", `it says ${v.direction}, but ${what}`)];
}

/**
 * A step is a move of its days: its level after lies outside the range its level before gives the days after it (its
 * own expected range). One inside it states a change its own numbers say did not happen ("Users shifted 0.8 % down to
 * about 88 a day", with 88 inside the expected range of the days before).
 */
function stepMoved(p: PlacedView): Violation[] {
  const v = p.view;
  if (v.shape !== "step" || v.relativeTo !== null || v.after === null || v.low === null || v.high === null) return [];
  if (!Number.isFinite(v.low) || !Number.isFinite(v.high) || v.after < v.low || v.after > v.high) return [];
  return [
    violation(
      p,
      "direction",
      `it says ${v.direction ?? "a step"} (${fmt(v.before)} → ${fmt(v.after)}), but its level after is inside its own expected range ${fmt(v.low)} to ${fmt(v.high)}`,
    ),
  ];
}

/** Days the report calls unusual on the same series: not part of a level's mean. */
function unusualDays(ctx: CheckContext, p: PlacedView): Set<string> {
  const out = new Set<string>();
  for (const o of ctx.views)
    if (o !== p && o.view.shape === "day" && o.view.date && sameSeries(o.view, p.view)) out.add(o.view.date);
  return out;
}

/**
 * Start of the days before a dated change: as many days as after it (at least 14, at most 28), back to the previous
 * change the report dates on the series.
 */
function beforeStart(ctx: CheckContext, p: PlacedView, date: string, end: string): string {
  const days = Math.min(LOOKBACK_DAYS, Math.max(MIN_LOOKBACK_DAYS, daysBetween(date, end)));
  let start = addDays(date, -days);
  for (const o of ctx.views) {
    const d = o.view.date;
    if (o === p || !d || d >= date || !sameSeries(o.view, p.view)) continue;
    if (o.view.shape !== "step" && o.view.shape !== "trendChange") continue;
    // A stretch that ended before the date: the level from the day after it.
    const from = o.view.until && o.view.until < date ? addDays(o.view.until, 1) : d;
    if (from > start) start = from;
  }
  return start;
}

function contradicts(stated: "up" | "down" | null, diff: number, se: number): boolean {
  return stated !== null && sign(diff) !== null && sign(diff) !== stated && Math.abs(diff) > se;
}

function levelOff(stated: number | null, level: Level): boolean {
  return (
    stated !== null && Math.abs(stated - level.mean) > Math.max(LEVEL_SE * level.se, LEVEL_SHARE * Math.abs(level.mean))
  );
}

function checkStep(ctx: CheckContext, p: PlacedView, s: DaySeries): Violation[] {
  const v = p.view;
  const date = v.date!;
  const end = v.until ?? (v.to >= date ? v.to : ctx.report.periodEnd);
  const skip = unusualDays(ctx, p);
  const start = beforeStart(ctx, p, date, end);
  const beforeEnd = addDays(v.earliest && v.earliest < date ? v.earliest : date, -1);
  const options = { weekdays: v.weekdays, skip, minDays: MIN_DAYS };
  const before = levelOver(s, start, beforeEnd, options);
  const after = levelOver(s, date, end, options);
  if (!before || !after) return [];
  const out: Violation[] = [];
  const diff = after.mean - before.mean;
  const named = `the data's mean is ${fmt(before.mean)} from ${start} to ${beforeEnd} and ${fmt(after.mean)} from ${date} to ${end}`;
  if (v.relativeTo === null && contradicts(v.direction, diff, Math.hypot(before.se, after.se)))
    out.push(violation(p, "direction", `it says ${v.direction} (${fmt(v.before)} → ${fmt(v.after)}), but ${named}`));
  if (v.relativeTo === null && (levelOff(v.before, before) || levelOff(v.after, after)))
    out.push(violation(p, "levels", `it states ${fmt(v.before)} before and ${fmt(v.after)} after, but ${named}`));
  return out;
}

function checkDay(p: PlacedView, s: DaySeries): Violation[] {
  const v = p.view;
  const i = indexOf(s, v.date!);
  const value = i >= 0 && i < s.values.length ? s.values[i] : null;
  if (value === null) return [];
  const out: Violation[] = [];
  const close = (a: number, b: number) => Math.abs(a - b) <= Math.max(0.5, 0.005 * Math.abs(b));
  const ratio = findMetric(v.metric)?.kind === "ratio";
  if (
    v.after !== null &&
    !(ratio ? Math.abs(v.after - value) <= 0.005 * Math.abs(value) + 1e-9 : close(v.after, value))
  )
    out.push(violation(p, "levels", `it states ${fmt(v.after)} on ${v.date}, but the data has ${fmt(value)}`));
  // "Above the expected range" means above its high end (below: its low end).
  if (v.direction === "up" && v.high !== null && Number.isFinite(v.high) && value <= v.high)
    out.push(
      violation(
        p,
        "direction",
        `it says above the range's high end ${fmt(v.high)}, but the day's value is ${fmt(value)}`,
      ),
    );
  if (v.direction === "down" && v.low !== null && Number.isFinite(v.low) && value >= v.low)
    out.push(
      violation(
        p,
        "direction",
        `it says below the range's low end ${fmt(v.low)}, but the day's value is ${fmt(value)}`,
      ),
    );
  return out;
}

/** A growth rate: the first weeks of its period against the last (as many whole weeks at each end). */
function checkTrendRate(p: PlacedView, s: DaySeries): Violation[] {
  const v = p.view;
  const weeks = Math.floor(daysBetween(v.from, v.to) / 14);
  if (weeks < 1) return [];
  const first = levelOver(s, v.from, addDays(v.from, 7 * weeks - 1), { minDays: MIN_DAYS });
  const last = levelOver(s, addDays(v.to, -(7 * weeks - 1)), v.to, { minDays: MIN_DAYS });
  if (!first || !last) return [];
  const diff = last.mean - first.mean;
  if (v.relativeTo !== null || !contradicts(v.direction, diff, Math.hypot(first.se, last.se))) return [];
  return [
    violation(
      p,
      "direction",
      `it says a growth rate ${v.direction} (${fmt(v.after)}), but the data's mean over its first ${7 * weeks} days is ${fmt(first.mean)} and over its last ${fmt(last.mean)}`,
    ),
  ];
}

/** Least-squares slope of the log of the positive days of [from, to], per day, with its standard error. */
export function logSlope(s: DaySeries, from: string, to: string): { slope: number; se: number } | null {
  const idx = daysIn(s, from, to).filter((i) => s.values[i]! > 0);
  if (idx.length < 5) return null;
  const xs = idx;
  const ys = idx.map((i) => Math.log(s.values[i]!));
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let sxx = 0;
  let sxy = 0;
  for (let k = 0; k < xs.length; k++) {
    sxx += (xs[k] - mx) ** 2;
    sxy += (xs[k] - mx) * (ys[k] - my);
  }
  const slope = sxy / sxx;
  let rss = 0;
  for (let k = 0; k < xs.length; k++) rss += (ys[k] - my - slope * (xs[k] - mx)) ** 2;
  return { slope, se: Math.sqrt(rss / (xs.length - 2) / sxx) };
}

const DAYS_PER_UNIT = { percent_per_week: 7, percent_per_month: 30.4375 } as const;

function checkTrendChange(ctx: CheckContext, p: PlacedView, s: DaySeries): Violation[] {
  const v = p.view;
  const date = v.date!;
  const end = v.to >= date ? v.to : ctx.report.periodEnd;
  const start = beforeStart(ctx, p, date, end);
  const before = logSlope(s, start, addDays(date, -1));
  const after = logSlope(s, date, end);
  if (!before || !after) return [];
  const out: Violation[] = [];
  const diff = after.slope - before.slope;
  if (v.relativeTo === null && contradicts(v.direction, diff, Math.hypot(before.se, after.se)))
    out.push(
      violation(
        p,
        "direction",
        `it says the trend turned ${v.direction}, but the data's log-slope is ${fmt(before.slope)} a day from ${start} and ${fmt(after.slope)} from ${date} to ${end}`,
      ),
    );
  if (v.unit !== "metric") {
    const days = DAYS_PER_UNIT[v.unit];
    const rate = (b: number) => Math.exp(days * b) - 1;
    const off = (stated: number | null, fit: { slope: number; se: number }) =>
      stated !== null && sign(stated) !== null && sign(stated) !== sign(fit.slope) && Math.abs(fit.slope) > 2 * fit.se;
    if (off(v.before, before) || off(v.after, after))
      out.push(
        violation(
          p,
          "levels",
          `it states ${fmt(v.before)} before and ${fmt(v.after)} after (growth per ${days === 7 ? "week" : "month"}), but the data grew ${fmt(rate(before.slope))} before and ${fmt(rate(after.slope))} after`,
        ),
      );
  }
  return out;
}

function closeTotal(stated: number, actual: number): boolean {
  return Math.abs(stated - actual) <= Math.max(0.5, 0.002 * Math.abs(actual));
}

/** A period's total (or ratio) and the comparison period's, when the finding covers the report's period. */
function checkPeriod(ctx: CheckContext, p: PlacedView, s: DaySeries): Violation[] {
  const v = p.view;
  const r = ctx.report;
  if (v.from !== r.periodStart || v.to !== r.periodEnd) return [];
  const estimated = Array.isArray(v.raw.estimatedDays) && v.raw.estimatedDays.length > 0;
  const current = totalOver(s, v.metric, r.periodStart, r.periodEnd);
  const baseline = totalOver(s, v.metric, r.comparisonStart, r.comparisonEnd);
  const out: Violation[] = [];
  const complete = (t: { days: number } | null, from: string, to: string) =>
    t !== null && t.days === daysBetween(from, to);
  // Days the finding says it estimated (missing or partial data) are not the data's: its totals are not checked.
  if (!estimated)
    for (const [label, stated, actual, from, to] of [
      ["current", v.after, current, r.periodStart, r.periodEnd],
      ["baseline", v.before, baseline, r.comparisonStart, r.comparisonEnd],
    ] as const)
      if (stated !== null && complete(actual, from, to) && !closeTotal(stated, actual!.value))
        out.push(
          violation(
            p,
            "levels",
            `its ${label} is ${fmt(stated)}, but the data's total from ${from} to ${to} is ${fmt(actual!.value)}`,
          ),
        );
  // Days the finding estimated are unknown to the data: its direction is then that of the known days' daily means.
  const level = (t: { value: number; days: number }) =>
    estimated && findMetric(v.metric)?.kind === "additive" ? t.value / t.days : t.value;
  if (
    current &&
    baseline &&
    v.relativeTo === null &&
    v.direction &&
    sign(level(current) - level(baseline)) !== v.direction &&
    level(current) !== level(baseline)
  )
    out.push(
      violation(
        p,
        "direction",
        `it says ${v.direction}, but the data's totals go ${fmt(baseline.value)} → ${fmt(current.value)}`,
      ),
    );
  return out;
}

/** A funnel step's rates: the step's metric over the stage it converts from, in each period. */
function checkFunnel(ctx: CheckContext, p: PlacedView): Violation[] {
  const v = p.view;
  const from = typeof v.raw.fromMetric === "string" ? v.raw.fromMetric : null;
  const r = ctx.report;
  if (!from || v.segment) return [];
  const to = ctx.series(v.metric, null);
  const of = ctx.series(from, null);
  if (!to || !of) return [];
  const out: Violation[] = [];
  for (const [label, stated, start, end] of [
    ["current", v.after, r.periodStart, r.periodEnd],
    ["baseline", v.before, r.comparisonStart, r.comparisonEnd],
  ] as const) {
    const a = totalOver(to, v.metric, start, end);
    const b = totalOver(of, from, start, end);
    if (stated === null || !a || !b || b.value === 0) continue;
    const rate = a.value / b.value;
    if (Math.abs(stated - rate) > 0.005 * Math.abs(rate) + 1e-9)
      out.push(
        violation(
          p,
          "levels",
          `its ${label} step rate is ${fmt(stated)}, but ${v.metric} / ${from} from ${start} to ${end} is ${fmt(rate)}`,
        ),
      );
  }
  return out;
}
