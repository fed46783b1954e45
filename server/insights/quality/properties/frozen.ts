// "A run of identical values (or of zeros) that the series' own noise makes impossible is a data-quality finding, and
// the days inside it raise no marketing finding."
//
// The series' own noise, from its other days: two days in a row are equal with the chance a normal day-to-day
// difference of their spread (1.4826 × the median absolute difference) falls within the data's resolution (1 for
// counts, a cent for amounts), or as often as the other days were equal, whichever is larger; a day is 0 as often as
// the other days were, or (a count) with the Poisson chance at the level of the 28 days before, whichever is larger.
// A run is impossible when, over every day the series could have started one, fewer than 1 in 10,000 such series
// would show it. A run is told as data quality by a data-quality finding on its metric over its days, or when the
// report reads all its days as unknown (its tracking gaps); a run of zeros to the data's last day also by the series'
// stop (a step down to none dated on its first day, give or take one: ADR 0032). Inside it, no finding of the series
// but that stop, nor of its metric's total (a segment's frozen days move the total too), may be dated.
// The engine's two exceptions (ADR 0032) are the checker's too: a run of none while the same series' ads served
// nothing (no impressions, or no cost, every day of it) is a pause; an outcome's run of none while the same series'
// traffic (sessions, else clicks) fell is judged at the level before scaled by that fall (an amount: not a run once
// its traffic halved).
import { addDays, daysBetween } from "@/lib/dates";
import { findMetric } from "@/lib/insights/metrics";
import { describe, fmt, type CheckContext } from "../context";
import type { FindingView, Segment } from "../finding-view";
import { dateAt, indexOf, type DaySeries } from "../series-data";
import type { Violation } from "../types";

const MIN_RUN = 3;
const IMPOSSIBLE = 1e-4;
const LEVEL_DAYS = 28;
/** A level below this a day is none: a stop's level after it. */
const ZERO_LEVEL = 0.5;

export interface FrozenRun {
  metric: string;
  segment: Segment | null;
  from: string;
  to: string;
  days: number;
  value: number;
  /** Expected number of such runs in a series of this noise and length. */
  chance: number;
}

/** The ad metrics whose none on every day of a run means the ads did not serve: a pause (ADR 0032). */
const SERVED = ["impressions", "cost"] as const;
/** The traffic an outcome's run of none is read against: visits, else ad clicks (ADR 0032). */
const TRAFFIC = ["sessions", "clicks"] as const;

/** The same segment's (or total's) other metrics, where the engine's exceptions read them. */
export type Beside = (metric: string) => DaySeries | null;

/** The known values of `s` from `from` to `to` (dates). */
function valuesOver(s: DaySeries, from: string, to: string): number[] {
  const out: number[] = [];
  for (let i = Math.max(0, indexOf(s, from)); i <= Math.min(s.values.length - 1, indexOf(s, to)); i++)
    if (s.values[i] !== null) out.push(s.values[i]!);
  return out;
}
const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

/** Ads that served nothing on every day of the run (no impressions, or no cost): a paused campaign, not a fault. */
function paused(from: string, to: string, beside: Beside): boolean {
  return SERVED.some((m) => {
    const a = beside(m);
    return a !== null && valuesOver(a, from, to).every((x) => x === 0);
  });
}

/**
 * How far the series' traffic fell over the run against the 28 days before it (during / before), for an outcome's run
 * of none: so little traffic brings about none, which is that fall, not broken tracking. 1 when there is no traffic
 * to read (or the metric is the traffic).
 */
function trafficRatio(metric: string, from: string, to: string, beside: Beside): number {
  const own = TRAFFIC.find((m) => beside(m) !== null);
  const traffic = own && own !== metric ? beside(own) : null;
  if (!traffic) return 1;
  const during = mean(valuesOver(traffic, from, to));
  const before = mean(valuesOver(traffic, addDays(from, -LEVEL_DAYS), addDays(from, -1)));
  return during === null || !(before! > 0) ? 1 : Math.min(1, during / before!);
}

export function frozenRuns(
  s: DaySeries,
  metric: string,
  segment: Segment | null,
  beside: Beside = () => null,
): FrozenRun[] {
  const counts = findMetric(metric)?.unit === "count";
  const v = s.values;
  const runs: { start: number; end: number }[] = [];
  for (let i = 0; i < v.length;) {
    if (v[i] === null) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < v.length && v[j + 1] !== null && v[j + 1] === v[i]) j++;
    if (j - i + 1 >= MIN_RUN) runs.push({ start: i, end: j });
    i = j + 1;
  }
  if (runs.length === 0) return [];
  const known = v.filter((x) => x !== null).length;
  const integer = v.every((x) => x === null || Number.isInteger(x));
  const out: FrozenRun[] = [];
  for (const r of runs) {
    const value = v[r.start]!;
    const length = r.end - r.start + 1;
    // The series' noise from every day but the run's own (other runs are part of how the series behaves).
    const inRun = new Uint8Array(v.length).fill(1, r.start, r.end + 1);
    const [from, to] = [dateAt(s, r.start), dateAt(s, r.end)];
    // The engine's exceptions to a run of none (ADR 0032): ads that served nothing, and an outcome whose traffic fell
    // (judged at the level before scaled by the fall; an amount once its traffic halved).
    const ratio = value === 0 ? trafficRatio(metric, from, to, beside) : 1;
    if (value === 0 && (paused(from, to, beside) || (!counts && ratio <= 0.5))) continue;
    const p = value === 0 ? zeroChance(v, inRun, r.start, counts, ratio) : equalChance(v, inRun, integer);
    const chance = known * p ** (value === 0 ? length : length - 1);
    if (chance < IMPOSSIBLE) out.push({ metric, segment, from, to, days: length, value, chance });
  }
  return out;
}

function equalChance(v: readonly (number | null)[], inRun: Uint8Array, integer: boolean): number {
  const diffs: number[] = [];
  let equal = 0;
  for (let i = 1; i < v.length; i++) {
    if (v[i] === null || v[i - 1] === null || inRun[i] || inRun[i - 1]) continue;
    const d = v[i]! - v[i - 1]!;
    diffs.push(Math.abs(d));
    if (d === 0) equal++;
  }
  if (diffs.length < 7) return 1;
  const sorted = diffs.sort((a, b) => a - b);
  const sd = 1.4826 * sorted[Math.floor(sorted.length / 2)];
  const resolution = integer ? 1 : 0.01;
  const model = sd > 0 ? Math.min(1, resolution / (sd * Math.sqrt(2 * Math.PI))) : 1;
  return Math.max(model, (equal + 0.5) / (diffs.length + 1));
}

/** `ratio`: the traffic's fall over the run (trafficRatio), which scales a count's level before it. */
function zeroChance(
  v: readonly (number | null)[],
  inRun: Uint8Array,
  start: number,
  counts: boolean,
  ratio = 1,
): number {
  let zeros = 0;
  let n = 0;
  for (let i = 0; i < v.length; i++) {
    if (v[i] === null || inRun[i]) continue;
    n++;
    if (v[i] === 0) zeros++;
  }
  const empirical = (zeros + 0.5) / (n + 1);
  if (!counts) return empirical;
  const before = v.slice(Math.max(0, start - LEVEL_DAYS), start).filter((x): x is number => x !== null);
  const level = before.length > 0 ? before.reduce((a, b) => a + b, 0) / before.length : 0;
  return Math.min(1, Math.max(empirical, Math.exp(-level * ratio)));
}

const overlaps = (v: FindingView, from: string, to: string) => v.from <= to && (v.to || v.from) >= from;
const sameSeriesAs = (v: FindingView, run: FrozenRun) =>
  v.metric === run.metric &&
  (v.segment?.dimension ?? null) === (run.segment?.dimension ?? null) &&
  (v.segment?.value ?? null) === (run.segment?.value ?? null);
/** A finding the run's days may have raised: of its series, or of its metric's total. */
const raisedBy = (v: FindingView, run: FrozenRun) =>
  sameSeriesAs(v, run) || (v.metric === run.metric && v.segment === null);

/** The series' last known day. */
function lastKnown(s: DaySeries): string | null {
  for (let i = s.values.length - 1; i >= 0; i--) if (s.values[i] !== null) return dateAt(s, i);
  return null;
}

/** A step of the run's own series down to none, dated within a day of its first day: the series' stop. */
const stopOf = (v: FindingView, run: FrozenRun) =>
  v.shape === "step" &&
  sameSeriesAs(v, run) &&
  v.direction === "down" &&
  v.after !== null &&
  v.after < ZERO_LEVEL &&
  v.date !== null &&
  Math.abs(daysBetween(run.from, v.date) - 1) <= 1;

export function checkFrozen(ctx: CheckContext): Violation[] {
  const out: Violation[] = [];
  const r = ctx.report;
  const excluded = new Set(r.excludedDays ?? []);
  for (const { metric, segment } of ctx.data.list()) {
    // The data as it is: a run the report read as unknown days is still a run (told, by those days).
    const s = ctx.data.series(metric, segment);
    if (!s) continue;
    for (const run of frozenRuns(s, metric, segment, (m) => ctx.data.series(m, segment))) {
      if (run.to < addDays(r.comparisonStart, -LEVEL_DAYS)) continue;
      const where = segment ? `${segment.dimension} “${segment.value}”` : "total";
      const what = `${metric} (${where}) is ${fmt(run.value)} every day from ${run.from} to ${run.to} (${run.days} days; a chance of ${run.chance.toExponential(1)} under its own noise)`;
      const inPeriod = run.to >= r.periodStart && run.from <= r.periodEnd;
      const unknown = [...Array(run.days).keys()].every((k) => excluded.has(addDays(run.from, k)));
      const stop = run.value === 0 && run.to === lastKnown(s) ? ctx.views.find((p) => stopOf(p.view, run)) : undefined;
      const told =
        unknown ||
        stop !== undefined ||
        ctx.views.some(
          (p) => p.view.shape === "audit" && p.view.metric === metric && overlaps(p.view, run.from, run.to),
        );
      if (inPeriod && !told)
        out.push({
          property: "frozen",
          insight: null,
          finding: null,
          text: `${what}, and no data-quality finding says so`,
        });
      for (const p of ctx.views) {
        const v = p.view;
        if (p === stop || v.shape === "audit" || !v.date || !raisedBy(v, run) || v.date < run.from || v.date > run.to)
          continue;
        out.push({
          property: "frozen",
          insight: p.insight.intentionKey,
          finding: p.index,
          text: `${describe(v)}: a marketing finding dated inside a frozen run — ${what}`,
        });
      }
    }
  }
  return out;
}
