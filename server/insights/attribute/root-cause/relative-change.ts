// The leaf statistic the localiser tests: the change of a leaf relative to the larger of its
// actual and expected values, g = (actual − expected) / max(actual, expected), in [−1, 1].
//
// Why this and not the log ratio or (a − e) / e: it is antisymmetric (swapping actual and expected
// flips its sign), so a rise and a fall of the same factor weigh the same; it is bounded, so a
// segment that vanished counts as −1 and not −∞ (the benchmark's drops clip at zero, and a paused
// campaign does the same); and under multiplicative noise a = e·(1 + ε) or e = a·(1 + ε) it equals
// ±ε on the side that matters and is compressed on the other, so its tails are no heavier than
// the noise's own. A drop by a factor r gives exactly −r, which is the effect a user reads.

/** g for one leaf, or NaN when both values are zero (such a leaf says nothing about any change). */
export function relativeChange(actual: number, expected: number): number {
  const larger = Math.max(actual, expected);
  if (!(larger > 0)) return NaN;
  const g = (actual - expected) / larger;
  // A negative actual (a refund-heavy day, or the benchmark's noise artefact) is a full drop.
  return g < -1 ? -1 : g > 1 ? 1 : g;
}

/** The magnitude the noise model scales with: the larger of the two values. */
export function leafScale(actual: number, expected: number): number {
  return Math.max(actual, expected);
}
