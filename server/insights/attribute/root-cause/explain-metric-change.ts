import { findMetric } from "@/lib/catalogue/metrics";
import { daysBetween } from "@/lib/dates";
import type { CombinationDimension, CombinationLeaves } from "../../data/combination-leaves";
import type { PartKey } from "../../data/parts";
import { localiseRootCause } from "./localise";
import type { RootCauseResult } from "./types";

// What the engine calls to explain a metric's change between two periods by combinations of
// dimensions (docs/decisions/0024): "revenue fell because of mobile in Paid Search in Germany".
// Pure: the leaves come from loadCombinationLeaves (server/insights/data/), read with the report.
//
// Expected = the comparison period's value of the leaf, scaled by the periods' lengths in days
// (1 for the previous period; a previous year of another length is put on the period's scale). The
// comparison is the null: "each segment as before". A change across the board is then the whole
// total (the element with no condition), and a segment that moved against it is named with the
// rest of the total beside it (localise.ts, search.ts).

/** Most dimensions an element of a report combines ("mobile × Paid Search × Germany"). */
export const REPORT_MAX_LAYER = 3;

export interface MetricChangeExplanation extends RootCauseResult {
  readonly metric: string;
  readonly sourceId: string;
  /** The dimensions the elements' conditions are drawn from (those the source's rows all have). */
  readonly dimensions: readonly CombinationDimension[];
  /** The factor the comparison period's values were multiplied by to be the period's expected values. */
  readonly comparisonScale: number;
}

export interface ExplainOptions {
  /** Most conditions per element; default REPORT_MAX_LAYER. */
  readonly maxLayer?: number;
  /** Family-wise error rate of the search (ROOT_CAUSE_DEFAULTS.alpha by default). */
  readonly alpha?: number;
}

/**
 * The elements that explain `metric`'s change on `leaves`, each with its effect, share of the
 * change and test. The metric must be additive (a count or an amount) and loaded in `leaves`:
 * ratios change through their mix and their rates, which the mix/rate drivers explain.
 */
export function explainMetricChange(
  leaves: CombinationLeaves,
  metric: string,
  options: ExplainOptions = {},
): MetricChangeExplanation {
  const definition = findMetric(metric);
  if (!definition || definition.kind !== "additive")
    throw new Error(`${metric} is not an additive metric: its change cannot be split among segments`);
  const part = leaves.parts.indexOf(definition.key as PartKey);
  if (part < 0) throw new Error(`${metric} was not loaded with these leaves`);
  const comparisonScale =
    daysBetween(leaves.periodStart, leaves.periodEnd) / daysBetween(leaves.comparisonStart, leaves.comparisonEnd);
  const result = localiseRootCause(
    {
      dimensions: leaves.dimensions,
      values: leaves.values,
      codes: leaves.codes,
      actual: leaves.current[part],
      expected: leaves.comparison[part].map((v) => v * comparisonScale),
    },
    { alpha: options.alpha, maxLayer: options.maxLayer ?? REPORT_MAX_LAYER },
  );
  return { ...result, metric, sourceId: leaves.sourceId, dimensions: leaves.dimensions, comparisonScale };
}
