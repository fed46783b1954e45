import { addDays } from "@/lib/dates";
import type { FindingOf } from "@/lib/insights/finding";
import type { EngineInput } from "../engine/types";
import { MetricCube, type CubeSeries } from "../data/cube";
import type { ProjectData } from "../data/project-data";
import type { PartKey } from "../data/parts";
import type { SegmentDailySeries } from "../data/segment-daily";
import { SourceDays } from "../data/source-days";
import { BASE_METRICS, findMetric } from "@/lib/insights/metrics";
import { ENGINE_CONFIG } from "../config";
import { frozenRuns } from "./frozen";
import { sourceGaps } from "./source-gaps";

/** The ad metrics whose none on a run's days means the ads did not serve. */
const SERVED = ["impressions", "cost"] as const;
/** The traffic an outcome's run of none is read against: visits, else ad clicks. */
const TRAFFIC = ["sessions", "clicks"] as const;

// The days the detectors but the audit read as unknown, each in the data of the source it was found in: tracking gaps
// (a source's traffic near zero amid normal days), a cut-short last row (an export taken before its day or week
// ended), and frozen runs of any metric, in its total or in a watched segment (the same value repeated, or none
// recorded, past what its noise allows: audit/frozen.ts). A segment's frozen days are unknown for every series of its
// source: they are part of its metric's total too. One outage is one data-quality finding, not a fall, a shift and a
// run of unusual days; and one source's outage leaves another source's days as they are (a weekly store export's
// cut-short last week is no day missing from Search Console beside it).

export interface UnknownDays {
  /** Each source's unknown days. */
  days: SourceDays;
  /** The frozen runs, told by the tracking-gaps check of the audit. */
  frozen: FindingOf<"audit">[];
}

/** A finding of the run of periods it names, with the source whose data it is. */
interface Found {
  sourceId: string;
  finding: FindingOf<"audit">;
}

/** Each source's tracking-gap and cut-short days. */
function gapDays(input: EngineInput): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const g of sourceGaps(input.data, input.project, input.window.historyStart)) {
    let days = out.get(g.sourceId);
    if (!days) out.set(g.sourceId, (days = new Set()));
    for (const d of daysOf(g.finding)) days.add(d);
  }
  return out;
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

/** The parts of `metrics` that `sourceId` holds: a source without impressions did not serve none of them. */
const heldBy = <T extends string>(data: ProjectData, sourceId: string, metrics: readonly T[]): T[] =>
  metrics.filter((m) => data.hasPart(m as PartKey, sourceId));

/**
 * Every series the frozen-run rule reads, each at its source's grain: each metric's total, and each watched segment's
 * additive metrics. A run's ads and traffic are its own source's.
 */
function frozenScan(input: EngineInput): Found[] {
  const cube = new MetricCube(input.data, input.segmentDaily, { grains: input.project.sourceGrains });
  const metrics = BASE_METRICS.filter((m) => m !== "users" && input.data.hasMetric(m));
  const totals = metrics.flatMap((metric) => {
    const total = cube.total(metric);
    if (!total) return [];
    const runs = frozenRuns(total);
    if (runs.length === 0) return [];
    const source = total.sourceId;
    const ads = heldBy(input.data, source, SERVED).map((m) => cube.total(m, source));
    const traffic = heldBy(input.data, source, TRAFFIC)[0];
    const trafficSeries = traffic ? cube.total(traffic, source) : null;
    return runs
      .filter((f) => !paused(f, ads) && !trafficFell(f, trafficSeries))
      .map((finding) => ({ sourceId: source, finding }));
  });
  const additive = metrics.filter((m) => findMetric(m)?.kind === "additive");
  const segments = input.segmentDaily.series.flatMap((s) => segmentRuns(input.data, cube, s, additive));
  // A segment frozen with its total (the one channel of the data) is told once, by the total.
  const key = (f: Found) => `${f.sourceId}|${f.finding.metric}|${f.finding.periodStart}|${f.finding.periodEnd}`;
  const told = new Set(totals.map(key));
  return [...totals, ...segments.filter((f) => !told.has(key(f)))];
}

/**
 * One watched segment's frozen runs, less its ads' pauses and its traffic's falls. Those are read only for a segment
 * that has a run to judge: the rule reads thousands of segments, and nearly none has one.
 */
function segmentRuns(data: ProjectData, cube: MetricCube, s: SegmentDailySeries, metrics: readonly string[]): Found[] {
  const found = metrics.flatMap((metric) => {
    const series = cube.segment(s, metric);
    return series ? frozenRuns(series) : [];
  });
  if (found.length === 0) return [];
  const ads = heldBy(data, s.sourceId, SERVED).map((m) => cube.segment(s, m));
  const traffic = heldBy(data, s.sourceId, TRAFFIC)[0];
  const trafficSeries = traffic ? cube.segment(s, traffic) : null;
  return found
    .filter((f) => !paused(f, ads) && !trafficFell(f, trafficSeries))
    .map((finding) => ({ sourceId: s.sourceId, finding }));
}

function daysOf(f: { periodStart: string; periodEnd: string }): string[] {
  const out: string[] = [];
  for (let d = f.periodStart; d <= f.periodEnd; d = addDays(d, 1)) out.push(d);
  return out;
}

export function unknownDays(input: EngineInput): UnknownDays {
  const bySource = gapDays(input);
  // A run of zeros the tracking-gaps check already tells (its source's traffic near zero) is not told twice.
  const frozen = frozenScan(input).filter(
    ({ sourceId, finding: f }) => f.value !== 0 || !daysOf(f).every((d) => bySource.get(sourceId)?.has(d)),
  );
  for (const { sourceId, finding } of frozen) {
    let days = bySource.get(sourceId);
    if (!days) bySource.set(sourceId, (days = new Set()));
    for (const d of daysOf(finding)) days.add(d);
  }
  return { days: SourceDays.of(bySource), frozen: frozen.map((f) => f.finding) };
}
