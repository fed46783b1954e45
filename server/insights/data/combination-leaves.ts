import type { PartKey } from "./parts";

// The leaves of a metric's change across combinations of dimensions (load-combination-leaves.ts):
// every distinct combination of the combined dimensions a source's rows hold, with each loaded
// part's sum in the report period and in the comparison period. Pure data, for the root-cause
// localiser (server/insights/attribute/root-cause/explain-metric-change.ts).

/**
 * The dimensions combined, as dimension_sets holds them; source and medium are read as one
 * (GA's "source / medium": a source is nearly always one medium, and as two dimensions they
 * would only repeat each other).
 */
export const COMBINATION_DIMENSIONS = [
  "channel",
  "device",
  "country",
  "campaign",
  "landingPage",
  "sourceMedium",
  "query",
] as const;
export type CombinationDimension = (typeof COMBINATION_DIMENSIONS)[number];

export interface CombinationLeaves {
  readonly sourceId: string;
  readonly periodStart: string;
  readonly periodEnd: string;
  readonly comparisonStart: string;
  readonly comparisonEnd: string;
  /**
   * The dimensions every row of both periods has: a dimension missing from some rows (another
   * grain on some days) cannot split both periods alike, and is left out (as ProjectData does).
   */
  readonly dimensions: readonly CombinationDimension[];
  /** Per dimension, its values, sorted (codes index them). */
  readonly values: readonly (readonly string[])[];
  /** Per dimension, one value code per leaf. */
  readonly codes: readonly Int32Array[];
  readonly parts: readonly PartKey[];
  /** Per part (in `parts` order), one sum per leaf over the report period; 0 where the rows had none. */
  readonly current: readonly Float64Array[];
  /** The same over the comparison period. */
  readonly comparison: readonly Float64Array[];
}

/** One row as read: the combined dimensions' values (null: not in the row's grain) and the parts' sums. */
export interface CombinationRow {
  readonly values: readonly (string | null)[];
  readonly current: readonly (number | null)[];
  readonly comparison: readonly (number | null)[];
}

/**
 * Builds the leaves from rows (one per dimension set): drops the dimensions some row lacks, merges
 * the rows that the remaining dimensions no longer tell apart (two landing pages' rows of one
 * channel when the page is not combined), and codes values in sorted order so that the result
 * does not depend on the order rows arrive in.
 */
export function combinationLeaves(
  meta: Omit<CombinationLeaves, "dimensions" | "values" | "codes" | "current" | "comparison">,
  rows: readonly CombinationRow[],
): CombinationLeaves {
  const kept = COMBINATION_DIMENSIONS.flatMap((_, i) =>
    rows.length > 0 && rows.every((r) => r.values[i] !== null) ? [i] : [],
  );
  const values = kept.map((i) => [...new Set(rows.map((r) => r.values[i]!))].sort());
  const lookups = values.map((list) => new Map(list.map((v, code) => [v, code])));
  const byLeaf = new Map<string, { codes: number[]; current: number[]; comparison: number[] }>();
  for (const row of rows) {
    const codes = kept.map((i, j) => lookups[j].get(row.values[i]!)!);
    const key = codes.join(",");
    let leaf = byLeaf.get(key);
    if (!leaf)
      byLeaf.set(key, (leaf = { codes, current: meta.parts.map(() => 0), comparison: meta.parts.map(() => 0) }));
    meta.parts.forEach((_, p) => {
      leaf.current[p] += row.current[p] ?? 0;
      leaf.comparison[p] += row.comparison[p] ?? 0;
    });
  }
  const leaves = [...byLeaf.values()].sort((a, b) => compareCodes(a.codes, b.codes));
  return {
    ...meta,
    dimensions: kept.map((i) => COMBINATION_DIMENSIONS[i]),
    values,
    codes: kept.map((_, j) => Int32Array.from(leaves, (l) => l.codes[j])),
    current: meta.parts.map((_, p) => Float64Array.from(leaves, (l) => l.current[p])),
    comparison: meta.parts.map((_, p) => Float64Array.from(leaves, (l) => l.comparison[p])),
  };
}

function compareCodes(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}
