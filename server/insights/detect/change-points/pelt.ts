import type { SegmentCost } from "./costs";

// PELT (Killick, Fearnhead & Eckley 2012), as ruptures' Pelt: the segmentation of [0, n) minimising the sum of its
// segments' costs plus `penalty` per change point, every segment at least `minSize` long; candidate starts that can no
// longer be optimal are pruned. The search knows nothing of the cost's model: costs.ts supplies it.

/** The change points (the first index of each new segment, ascending; neither 0 nor n). */
export function pelt(cost: SegmentCost, n: number, penalty: number, minSize: number): number[] {
  if (n < 2 * minSize) return [];
  const best = new Float64Array(n + 1).fill(Infinity);
  const previous = new Int32Array(n + 1).fill(-1);
  best[0] = -penalty;
  // The candidate starts and their totals to the current end, in place: the search allocates nothing per end.
  const admissible = new Int32Array(n + 1);
  const totals = new Float64Array(n + 1);
  let count = 0;
  for (let end = minSize; end <= n; end++) {
    // The start that has just become far enough from `end` joins the candidates.
    const joining = end - minSize;
    if (joining === 0 || joining >= minSize) admissible[count++] = joining;
    let bestCost = Infinity;
    let bestStart = -1;
    for (let j = 0; j < count; j++) {
      const s = admissible[j];
      const total = best[s] + cost.error(s, end) + penalty;
      totals[j] = total;
      if (total < bestCost) {
        bestCost = total;
        bestStart = s;
      }
    }
    best[end] = bestCost;
    previous[end] = bestStart;
    // Pruning: a start whose cost to here is already above the best plus a penalty never wins later.
    let kept = 0;
    for (let j = 0; j < count; j++) if (totals[j] <= bestCost + penalty) admissible[kept++] = admissible[j];
    count = kept;
  }
  const cuts: number[] = [];
  for (let end = n; end > 0; end = previous[end]) {
    const start = previous[end];
    if (start < 0) break;
    if (start > 0) cuts.push(start);
  }
  return cuts.reverse();
}
