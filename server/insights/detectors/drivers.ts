import { directionOf, relativeChange, type Finding } from "../types";

// Which dimension values (segments) drove a change. Contributions are additive and sum exactly to
// the total change, so "Paid Search explains +1,200 of the +1,500" is a statement about parts of
// one number, as in Adobe's Contribution Analysis and Sisu.
//
// Additive metrics (sessions, revenue): a segment's contribution is its own change.
//
// Ratio metrics (conversion rate = conversions / sessions, AOV, CPC, ...): the rate is recomputed
// from numerator and denominator sums in each period — never averaged across segments — and its
// change is split by shift-share with the symmetric (midpoint) formula. With segment weight
// w = d_i / D and rate r = n_i / d_i, each segment's term of R = Σ w·r changes by
//   Δ(w·r) = Δw·r̄ + w̄·Δr           (r̄, w̄: the two periods' averages — exact, no residual),
// mix effect Δw·(r̄ − R̄) and performance (rate) effect w̄·Δr. Subtracting the overall midpoint
// rate R̄ from the mix term changes nothing in the sum (Σ Δw = 0) but stops a segment that merely
// grew at an average rate from being credited. Segments absent in one period have no rate there:
// their whole term is a mix effect.

export interface SegmentTotals {
  value: string;
  current: number;
  baseline: number;
}

export interface RatioSegmentTotals {
  value: string;
  currentNumerator: number;
  currentDenominator: number;
  baselineNumerator: number;
  baselineDenominator: number;
}

export interface DriverOptions {
  metric: string;
  dimension: string;
  periodStart: string;
  periodEnd: string;
  confidence?: number;
  /** The top drivers are the fewest segments, moving with the total, explaining this share (0.8). */
  topShare?: number;
  maxTopDrivers?: number;
}

export interface DriverFinding extends Finding {
  kind: "driver";
  dimension: string;
  dimensionValue: string;
  /** The segment's contribution to the total change (= mix + performance for ratios). */
  contribution: number;
  /** contribution / total change (negative for segments moving against the total). */
  shareOfChange: number | null;
  isTopDriver: boolean;
  /** Ratio metrics only: the part of the contribution from the segment's share of the denominator moving (mix)… */
  mixEffect?: number;
  /** …and the part from its own rate moving (performance). */
  performanceEffect?: number;
  /** Ratio metrics only: the segment's share of the denominator (sessions, clicks…) in each period. */
  shareBefore?: number;
  shareAfter?: number;
}

export interface DriverAnalysis {
  totalCurrent: number;
  totalBaseline: number;
  totalChange: number;
  /**
   * Every segment, sorted by absolute contribution, largest first: built when first read (a
   * dimension can hold thousands of values, and a report reads only the leading ones).
   */
  readonly segments: DriverFinding[];
  /**
   * A ratio's change from the segments' own rates (the sum of their performance effects, without the traffic moving
   * between them); null for an additive metric.
   */
  performanceChange: number | null;
  /** The first `n` of `segments`, without building the others. */
  leading(n: number): DriverFinding[];
  /** The sum of the contributions after the first `n` (in `segments` order). */
  contributionAfter(n: number): number;
  /** The top drivers' findings, largest first (those of `segments` with `isTopDriver`). */
  topDriverFindings(): DriverFinding[];
  topDrivers: string[];
}

export function additiveDrivers(segments: readonly SegmentTotals[], options: DriverOptions): DriverAnalysis {
  const totalCurrent = segments.reduce((s, x) => s + x.current, 0);
  const totalBaseline = segments.reduce((s, x) => s + x.baseline, 0);
  // A value with none of the metric in either period is no part of its change (an analytics row's "(direct)" in
  // ad clicks by campaign): listed, it filled the chart with zero bars ahead of steady segments.
  const rows = segments
    .filter((s) => s.current !== 0 || s.baseline !== 0)
    .map((s) => ({
      value: s.value,
      current: s.current,
      baseline: s.baseline,
      contribution: s.current - s.baseline,
    }));
  return finish(rows, totalCurrent, totalBaseline, totalCurrent - totalBaseline, options);
}

/** Shift-share decomposition of a ratio's change; null when a period's total denominator is 0. */
export function ratioDrivers(segments: readonly RatioSegmentTotals[], options: DriverOptions): DriverAnalysis | null {
  const n1 = segments.reduce((s, x) => s + x.currentNumerator, 0);
  const d1 = segments.reduce((s, x) => s + x.currentDenominator, 0);
  const n0 = segments.reduce((s, x) => s + x.baselineNumerator, 0);
  const d0 = segments.reduce((s, x) => s + x.baselineDenominator, 0);
  if (d1 === 0 || d0 === 0) return null;
  const r1Total = n1 / d1;
  const r0Total = n0 / d0;
  const rMid = (r1Total + r0Total) / 2;
  const held = segments.filter(
    (s) =>
      s.currentNumerator !== 0 ||
      s.currentDenominator !== 0 ||
      s.baselineNumerator !== 0 ||
      s.baselineDenominator !== 0,
  );
  const rows = held.map((s) => {
    const w1 = s.currentDenominator / d1;
    const w0 = s.baselineDenominator / d0;
    // Each segment's term of the overall rate, n_i / D, in each period. Summing these is exactly
    // R1 − R0 even when a segment has numerator without denominator (a data-quality problem).
    const term = s.currentNumerator / d1 - s.baselineNumerator / d0;
    let mix: number;
    let performance: number;
    if (s.currentDenominator > 0 && s.baselineDenominator > 0) {
      const r1 = s.currentNumerator / s.currentDenominator;
      const r0 = s.baselineNumerator / s.baselineDenominator;
      performance = ((w1 + w0) / 2) * (r1 - r0);
      mix = (w1 - w0) * ((r1 + r0) / 2 - rMid);
    } else {
      performance = 0;
      mix = term - (w1 - w0) * rMid;
    }
    return {
      value: s.value,
      current: s.currentDenominator > 0 ? s.currentNumerator / s.currentDenominator : null,
      baseline: s.baselineDenominator > 0 ? s.baselineNumerator / s.baselineDenominator : null,
      contribution: mix + performance,
      mixEffect: mix,
      performanceEffect: performance,
      shareBefore: w0,
      shareAfter: w1,
    };
  });
  return finish(rows, r1Total, r0Total, r1Total - r0Total, options);
}

interface Row {
  value: string;
  current: number | null;
  baseline: number | null;
  contribution: number;
  mixEffect?: number;
  performanceEffect?: number;
  shareBefore?: number;
  shareAfter?: number;
}

function finish(
  rows: Row[],
  totalCurrent: number,
  totalBaseline: number,
  totalChange: number,
  options: DriverOptions,
): DriverAnalysis {
  const topShare = options.topShare ?? 0.8;
  const maxTop = options.maxTopDrivers ?? 10;
  const sorted = [...rows].sort(
    (a, b) => Math.abs(b.contribution) - Math.abs(a.contribution) || a.value.localeCompare(b.value),
  );
  // Top drivers: walk the segments that moved with the total, largest first, until they explain
  // `topShare` of it. Segments moving against the total are offsets, never drivers.
  const top = new Set<string>();
  if (totalChange !== 0) {
    let explained = 0;
    for (const r of sorted) {
      if (explained >= topShare * Math.abs(totalChange) || top.size >= maxTop) break;
      if (Math.sign(r.contribution) !== Math.sign(totalChange)) continue;
      top.add(r.value);
      explained += Math.abs(r.contribution);
    }
  }
  const findingOf = (r: Row): DriverFinding => ({
    kind: "driver",
    metric: options.metric,
    dimension: options.dimension,
    dimensionValue: r.value,
    periodStart: options.periodStart,
    periodEnd: options.periodEnd,
    current: r.current,
    baseline: r.baseline,
    change: r.contribution,
    changePct: r.current !== null && r.baseline !== null ? relativeChange(r.current, r.baseline) : null,
    expectedLow: null,
    expectedHigh: null,
    confidence: options.confidence ?? 0.95,
    direction: directionOf(r.contribution),
    contribution: r.contribution,
    shareOfChange: totalChange === 0 ? null : r.contribution / totalChange,
    isTopDriver: top.has(r.value),
    ...(r.mixEffect !== undefined
      ? {
          mixEffect: r.mixEffect,
          performanceEffect: r.performanceEffect,
          shareBefore: r.shareBefore,
          shareAfter: r.shareAfter,
        }
      : {}),
  });
  let all: DriverFinding[] | null = null;
  const ratio = rows.some((r) => r.performanceEffect !== undefined);
  return {
    totalCurrent,
    totalBaseline,
    totalChange,
    performanceChange: ratio ? rows.reduce((sum, r) => sum + (r.performanceEffect ?? 0), 0) : null,
    get segments() {
      return (all ??= sorted.map(findingOf));
    },
    leading: (n) => (all ? all.slice(0, n) : sorted.slice(0, n).map(findingOf)),
    contributionAfter: (n) => {
      let sum = 0;
      for (let i = n; i < sorted.length; i++) sum += sorted[i].contribution;
      return sum;
    },
    topDriverFindings: () => sorted.filter((r) => top.has(r.value)).map(findingOf),
    topDrivers: sorted.filter((r) => top.has(r.value)).map((r) => r.value),
  };
}
