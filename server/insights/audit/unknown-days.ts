import { addDays } from "@/lib/dates";
import type { FindingOf } from "@/lib/insights/finding";
import { findPartialLastDay, findTrackingGaps } from "../detectors/data-quality";
import { trafficMetric } from "../engine/analyses/audit";
import type { EngineInput } from "../engine/types";
import { MetricCube } from "../data/cube";
import { BASE_METRICS } from "@/lib/insights/metrics";
import { frozenRuns } from "./frozen";

// The days every detector but the audit reads as unknown: tracking gaps (the traffic near zero amid normal days), a
// partial last day (an export taken before the day ended), and frozen runs of any metric (the same value repeated past
// what its noise allows). One outage is one data-quality finding, not a fall, a shift and a run of unusual days.

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

export function unknownDays(input: EngineInput): UnknownDays {
  const days = new Set<string>();
  gapDays(input, days);
  const cube = new MetricCube(input.data, input.segmentDaily);
  const frozen = BASE_METRICS.flatMap((metric) => {
    if (metric === "users" || !input.data.hasMetric(metric)) return [];
    const total = cube.total(metric);
    return total ? frozenRuns(total) : [];
  });
  for (const f of frozen) for (let d = f.periodStart; d <= f.periodEnd; d = addDays(d, 1)) days.add(d);
  return { days, frozen };
}
