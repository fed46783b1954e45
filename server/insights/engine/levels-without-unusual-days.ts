import { addDays, daysBetween } from "@/lib/dates";
import { findMetric } from "@/lib/insights/metrics";
import type { PartKey } from "../data/parts";
import { segmentSeries } from "../data/segment-daily";
import { directionOf, relativeChange, type DailyPoint, type Finding } from "../types";
import type { EngineContext, IntentionOutcome } from "./types";
import { normalQuantile } from "../stats/distributions";

// A level is the mean of the days it names, less the days the same report tells as unusual on the same series. The
// change-point scan measures a step on every day after it, and a step that opens with a few days far beyond the new
// level (a news story's first days) read as that: Peyton Manning's page views "shifted from about 4,718 to 42,780 a
// day on Mar 7, 2012", where the report told Mar 7, 8 and 9 (114,100, 86,102 and 44,044) as unusual days and the days
// after them averaged about 26,000. Told once each: the unusual days by their own findings, the level without them.
//
// The days a level names: from its date to its end (its stretch's last day, else the finding's), against as many days
// before it (14 to 28), back to the change before it on the same series; a level of a few weekdays keeps its own.

const MIN_BEFORE_DAYS = 14;
const MAX_BEFORE_DAYS = 28;
/** Days a level needs left, on each side, to be stated without its unusual days. */
const MIN_DAYS = 3;

type Step = Finding & { date?: string; until?: string; earliestDate?: string; weekdays?: number[] };

const seriesKey = (f: Finding) => `${f.metric}|${f.dimension ?? ""}|${f.dimensionValue ?? ""}`;

/** The days each series' unusual-day findings name, by series. */
function unusualDays(findings: readonly Finding[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const f of findings) {
    if (f.kind !== "anomaly") continue;
    let days = out.get(seriesKey(f));
    if (!days) out.set(seriesKey(f), (days = new Set()));
    days.add(f.periodStart);
  }
  return out;
}

/** The day before which a step's level before may not reach: the change before it on the same series. */
function beforeStart(f: Step, date: string, end: string, findings: readonly Step[]): string {
  const days = Math.min(MAX_BEFORE_DAYS, Math.max(MIN_BEFORE_DAYS, daysBetween(date, end)));
  let start = addDays(date, -days);
  for (const o of findings) {
    if (o === f || !o.date || o.date >= date || seriesKey(o) !== seriesKey(f)) continue;
    if (o.kind !== "level_shift" && o.kind !== "trend") continue;
    const from = o.until && o.until < date ? addDays(o.until, 1) : o.date;
    if (from > start) start = from;
  }
  return start;
}

/** The series' days from `from` to `to`: the total's from its source, or the watched segment's. */
function daysOf(ctx: EngineContext, f: Finding, from: string, to: string): DailyPoint[] | null {
  if (f.dimension === null) return ctx.data.series(f.metric, from, to);
  const s = ctx.segmentDaily.series.find((x) => x.dimension === f.dimension && x.value === f.dimensionValue);
  if (!s || from < ctx.segmentDaily.from) return null;
  return segmentSeries(s, f.metric as PartKey, from, to, ctx.data.unknownDays(s.sourceId, ctx.excludedDays));
}

/** The mean of the known days not in `skip`, and its standard error; null with fewer than MIN_DAYS. */
function levelWithout(points: readonly DailyPoint[], skip: ReadonlySet<string>): { mean: number; se: number } | null {
  const values = points.filter((p) => p.value !== null && !skip.has(p.date)).map((p) => p.value!);
  const n = values.length;
  if (n < MIN_DAYS) return null;
  const mean = values.reduce((x, y) => x + y, 0) / n;
  const sd = Math.sqrt(values.reduce((x, v) => x + (v - mean) ** 2, 0) / (n - 1));
  return { mean, se: sd / Math.sqrt(n) };
}

/**
 * A level shift's levels restated without the unusual days on its days; false when, without them, it no longer moved
 * the way it said or out of the range its level before gives (its days were those unusual days, told already).
 */
function restate(ctx: EngineContext, f: Step, all: readonly Step[], unusual: ReadonlySet<string>): boolean {
  const date = f.date ?? f.periodStart;
  const end = f.until ?? (f.periodEnd >= date ? f.periodEnd : ctx.window.periodEnd);
  const start = beforeStart(f, date, end, all);
  const beforeEnd = addDays(f.earliestDate && f.earliestDate < date ? f.earliestDate : date, -1);
  if (![...unusual].some((d) => (d >= start && d <= beforeEnd) || (d >= date && d <= end))) return true;
  const before = daysOf(ctx, f, start, beforeEnd);
  const after = daysOf(ctx, f, date, end);
  const lb = before && levelWithout(before, unusual);
  const la = after && levelWithout(after, unusual);
  if (!lb || !la || f.baseline === null || f.current === null || f.change === null) return true;
  const [b, a] = [lb.mean, la.mean];
  const change = a - b;
  // Where the mean of the days after falls without a change: the level before, give or take the two means' noise
  // (never below zero for a count or an amount), as a step stated on its own days is (contrary-steps.ts).
  const spread = normalQuantile(1 - (1 - f.confidence) / 2) * Math.hypot(lb.se, la.se);
  const low = Math.max(0, b - spread);
  const high = b + spread;
  if (Math.sign(change) !== Math.sign(f.change) || (a >= low && a <= high)) return false;
  const scale = change / f.change;
  const x = f as Step & { effectSize?: number; kpiEffect?: number };
  Object.assign(f, {
    baseline: b,
    current: a,
    change,
    changePct: relativeChange(a, b),
    expectedLow: low,
    expectedHigh: high,
    direction: directionOf(change),
    ...(typeof x.effectSize === "number" ? { effectSize: x.effectSize * scale } : {}),
    ...(typeof x.kpiEffect === "number" ? { kpiEffect: x.kpiEffect * scale } : {}),
  });
  return true;
}

/** Every level shift of an additive metric of every day, stated without the report's unusual days on its series. */
export function levelsWithoutUnusualDays(ctx: EngineContext, outcomes: readonly IntentionOutcome[]): void {
  const all = outcomes.flatMap((o) => o.findings) as Step[];
  const unusual = unusualDays(all);
  if (unusual.size === 0) return;
  for (const o of outcomes) {
    const kept = o.findings.filter((f) => {
      const s = f as Step;
      const days = unusual.get(seriesKey(f));
      if (f.kind !== "level_shift" || !days || s.weekdays || findMetric(f.metric)?.kind !== "additive") return true;
      return restate(ctx, s, all, days);
    });
    if (kept.length < o.findings.length) o.findings = kept;
  }
}
