import type { SplitLinkVariant } from "../../db/schema";

/** A variant drawn by weight: `u` is uniform in [0, 1), so each variant's chance is its weight over their sum. */
export function pickVariant(variants: readonly SplitLinkVariant[], u: number): SplitLinkVariant {
  const total = variants.reduce((sum, v) => sum + v.weight, 0);
  let at = u * total;
  for (const v of variants) {
    if (at < v.weight) return v;
    at -= v.weight;
  }
  return variants[variants.length - 1];
}
