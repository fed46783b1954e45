import { addDays } from "@/lib/dates";
import type { FindingOf } from "@/lib/insights/finding";
import { findPartialLastDay, findTrackingGaps } from "../detectors/data-quality";
import { trafficMetric } from "../engine/analyses/audit";
import type { EngineInput } from "../engine/types";
import { MetricCube, type CubeSeries } from "../data/cube";
import type { SegmentDailySeries } from "../data/segment-daily";
import { BASE_METRICS, findMetric } from "@/lib/insights/metrics";
import { ENGINE_CONFIG } from "../config";
import { frozenRuns } from "./frozen";

/** The ad metrics whose none on a run's days means the ads did not serve. */
const SERVED = ["impressions", "cost"] as const;
/** The traffic an outcome's run of none is read against: visits, else ad clicks. */
const TRAFFIC = ["sessions", "clicks"] as const;

// The days every detector but the audit reads as unknown: tracking gaps (the traffic near zero amid normal days), a
// partial last day (an export taken before the day ended), and frozen runs of any metric, in its total or in a
// watched segment (the same value repeated, or none recorded, past what its noise allows: audit/frozen.ts). A segment's
// frozen days are unknown for every series: they are part of its metric's total too. One outage is one data-quality
// finding, not a fall, a shift and a run of unusual days.

export interface UnknownDays {
  days: Set<string>;
  /** The frozen runs, told by the tracking-gaps check of the audit. */
  frozen: FindingOf<"audit">[];
}

function gapDays(input: EngineInput, into: Set<string>): void {
  const w = input.window;
  const metric = trafficMetric(input.data);
  if (!metric) return;
  const series = input.data.series(metric, w.historyStart, w.periodEnd);
  const end = input.data.dataEnd(metric, w.historyStart);
  const partial = end ? findPartialLastDay(series, { metric, date: end }) : [];
  for (const f of [...findTrackingGaps(series, { metric }), ...partial])
    for (let d = f.periodStart; d <= f.periodEnd; d = addDays(d, 1)) into.add(d);
}

/** Ads that served nothing on a run's days (no impressions, or no cost): a paused campaign, not a tracking fault. */
function paused(run: FindingOf<"audit">, served: readonly (CubeSeries | null)[]): boolean {
  if (run.value !== 0) return false;
  return served.some((s) => {
    if (!s) return false;
    const from = s.dates.indexOf(run.periodStart);
    const to = s.dates.indexOf(run.periodEnd);
    return from >= 0 && to >= from && s.values.subarray(from, to + 1).every((v) => v === 0 || !Number.isFinite(v));
  });
}

/** Mean of a series' known days from index `from` to `to` (both included). */
function meanOver(s: CubeSeries, from: number, to: number): number | null {
  let sum = 0;
  let n = 0;
  for (let i = Math.max(0, from); i <= to && i < s.values.length; i++)
    if (Number.isFinite(s.values[i])) {
      sum += s.values[i];
      n++;
    }
  return n > 0 ? sum / n : null;
}

/**
 * Whether the series' traffic (sessions, else clicks) fell with its outcome's run of none, so that none is what so
 * little traffic brings: the run's level before, scaled by the traffic's fall, makes its days of none likely enough.
 * A campaign whose visits fell by four fifths converts at about nothing, which is no tracking fault.
 */
function trafficFell(run: FindingOf<"audit">, traffic: CubeSeries | null): boolean {
  if (run.value !== 0 || !traffic || traffic.metric === run.metric || !(run.baseline! > 0)) return false;
  const from = traffic.dates.indexOf(run.periodStart);
  const to = traffic.dates.indexOf(run.periodEnd);
  if (from < 0 || to < from) return false;
  const during = meanOver(traffic, from, to);
  const before = meanOver(traffic, from - ENGINE_CONFIG.frozenLevelDays, from - 1);
  if (during === null || !(before! > 0)) return false;
  // An amount has no count to scale: its none is the traffic's when the traffic fell by half or more.
  if (findMetric(run.metric)?.unit === "currency") return during / before! <= 0.5;
  return Math.exp(-run.baseline! * (during / before!) * (to - from + 1)) >= ENGINE_CONFIG.frozenP;
}

/** Every daily series the frozen-run rule reads: each metric's total, and each watched segment's additive metrics. */
function frozenScan(input: EngineInput): FindingOf<"audit">[] {
  const cube = new MetricCube(input.data, input.segmentDaily);
  const metrics = BASE_METRICS.filter((m) => m !== "users" && input.data.hasMetric(m));
  const served = SERVED.filter((m) => input.data.hasMetric(m));
  const traffic = TRAFFIC.find((m) => input.data.hasMetric(m)) ?? null;
  const totalAds = served.map((m) => cube.total(m));
  const totalTraffic = traffic ? cube.total(traffic) : null;
  const totals = metrics.flatMap((metric) => {
    const total = cube.total(metric);
    return total ? frozenRuns(total).filter((f) => !paused(f, totalAds) && !trafficFell(f, totalTraffic)) : [];
  });
  const additive = metrics.filter((m) => findMetric(m)?.kind === "additive");
  const segments = input.segmentDaily.series.flatMap((s) => segmentRuns(cube, s, additive, served, traffic));
  // A segment frozen with its total (the one channel of the data) is told once, by the total.
  const told = new Set(totals.map((f) => `${f.metric}|${f.periodStart}|${f.periodEnd}`));
  return [...totals, ...segments.filter((f) => !told.has(`${f.metric}|${f.periodStart}|${f.periodEnd}`))];
}

/**
 * One watched segment's frozen runs, less its ads' pauses and its traffic's falls. Those are read only for a segment
 * that has a run to judge: the rule reads thousands of segments, and nearly none has one.
 */
function segmentRuns(
  cube: MetricCube,
  s: SegmentDailySeries,
  metrics: readonly string[],
  served: readonly string[],
  traffic: string | null,
): FindingOf<"audit">[] {
  const found = metrics.flatMap((metric) => {
    const series = cube.segment(s, metric);
    return series ? frozenRuns(series) : [];
  });
  if (found.length === 0) return found;
  const ads = served.map((m) => cube.segment(s, m));
  const trafficSeries = traffic ? cube.segment(s, traffic) : null;
  return found.filter((f) => !paused(f, ads) && !trafficFell(f, trafficSeries));
}

const daysOf = (f: { periodStart: string; periodEnd: string }) => {
  const out: string[] = [];
  for (let d = f.periodStart; d <= f.periodEnd; d = addDays(d, 1)) out.push(d);
  return out;
};

export function unknownDays(input: EngineInput): UnknownDays {
  const days = new Set<string>();
  gapDays(input, days);
  // A run of zeros the tracking-gaps check already tells (the traffic near zero) is not told twice.
  const frozen = frozenScan(input).filter((f) => f.value !== 0 || !daysOf(f).every((d) => days.has(d)));
  for (const f of frozen) for (const d of daysOf(f)) days.add(d);
  return { days, frozen };
}
