import { dayNumber } from "@/lib/dates";
import type { DailyPoint } from "../types";
import { studentTSurvival } from "../stats/distributions";
import type { ChangePointFinding } from "./change-points";
import { takesSomeWeekdays } from "./weekday-shift";

// A step that changed the week's shape. The level shift scan divides each day by its weekday's factor, read once over
// the whole window (`weeklyShape`). A campaign that brings the same visits every day (a display budget, a flat
// daily cap) adds a constant to a site whose weekends are quieter: after it, weekends stand higher above the level
// than before, divided by factors made for the old shape. The scan read that as a second step a week after the
// first: a shop's Paid Search adding 400 visits a day from Nov 5 read "Sessions shifted from about 1,899 to 2,290 a
// day on Nov 5, 2026 (+20.6%) … Sessions shifted from about 2,185 to 2,402 a day on Nov 14, 2026 (+10.0%)", and a
// series of 1,000 a day given 300 more every day had a "drop" of -9 % (p = 10⁻⁹) seven days after its rise.
//
// So after a first scan, each stretch between the level shifts found (two weeks or more; a shorter one is read with
// the stretch after it) is fitted as a part that keeps the week's shape and a part that is the same every day,
// y = α·f(weekday) + β, by least squares on the window's factors f. Where the flat part is clear (β's t, two-sided,
// p ≤ 0.01 with n − 2 degrees of freedom; on the window's own shape it is none), the stretch's days are divided by
// factors of its own, (α·f + β) / (α + β), whose mean is 1 as the window's are, and the scan runs again on those
// values. Only counts and amounts (every value above zero) have factors to divide by; other series keep theirs.

/** Days a stretch needs for a shape of its own: two of each weekday. */
const MIN_PATTERN_DAYS = 14;
/**
 * The bar for a stretch's flat part. It chooses how to divide the days, it is no finding: a noise stretch that passes
 * it (once in a hundred) gets factors near the window's, as its β is near none. At 10⁻³ the shop's 400 visits a day
 * (β = 353, t = 3.4 over 16 days, p = 0.005) were missed and the second step stayed.
 */
const PATTERN_P = 0.01;

/**
 * The series divided by weekday factors of each stretch between the level shifts in `found` whose week has a shape of
 * its own, and by the window's (`factors`, Sunday first, mean 1) elsewhere; values as `weeklyShape` gives them in
 * `global` (NaN where unknown). Null when no stretch's shape changed.
 */
export function ownWeeklyShapes(
  series: readonly DailyPoint[],
  global: Float64Array,
  factors: readonly number[],
  found: readonly ChangePointFinding[],
): Float64Array | null {
  const n = series.length;
  if (n === 0) return null;
  const day0 = dayNumber(series[0].date);
  const cuts = [
    ...new Set(
      found
        .filter((f) => f.kind === "level_shift" && !takesSomeWeekdays(f))
        .map((f) => dayNumber(f.date) - day0)
        .filter((i) => i > 0 && i < n),
    ),
  ].sort((a, b) => a - b);
  if (cuts.length === 0) return null;
  const stretches: [number, number][] = [];
  let start = 0;
  for (const cut of cuts) {
    if (cut - start < MIN_PATTERN_DAYS) continue;
    stretches.push([start, cut]);
    start = cut;
  }
  if (n - start >= MIN_PATTERN_DAYS) stretches.push([start, n]);
  const f = (i: number) => factors[(day0 + i + 4) % 7];
  let out: Float64Array | null = null;
  for (const [a, b] of stretches) {
    const fit = flatPart(series, a, b, f);
    if (!fit) continue;
    out ??= Float64Array.from(global);
    for (let i = a; i < b; i++) {
      const value = series[i].value;
      if (Number.isNaN(global[i]) || value === null) continue;
      out[i] = value / ((fit.alpha * f(i) + fit.beta) / (fit.alpha + fit.beta));
    }
  }
  return out;
}

/**
 * The least-squares fit y = α·f + β over the stretch's known days, when its flat part β is clear (and both parts keep
 * every factor above zero); null otherwise.
 */
function flatPart(
  series: readonly DailyPoint[],
  a: number,
  b: number,
  f: (i: number) => number,
): { alpha: number; beta: number } | null {
  let n = 0;
  let sf = 0;
  let sy = 0;
  for (let i = a; i < b; i++) {
    const y = series[i].value;
    if (y === null || !Number.isFinite(y)) continue;
    n++;
    sf += f(i);
    sy += y;
  }
  if (n < MIN_PATTERN_DAYS) return null;
  const mf = sf / n;
  const my = sy / n;
  let sff = 0;
  let sfy = 0;
  for (let i = a; i < b; i++) {
    const y = series[i].value;
    if (y === null || !Number.isFinite(y)) continue;
    sff += (f(i) - mf) ** 2;
    sfy += (f(i) - mf) * (y - my);
  }
  if (!(sff > 0)) return null;
  const alpha = sfy / sff;
  const beta = my - alpha * mf;
  let rss = 0;
  for (let i = a; i < b; i++) {
    const y = series[i].value;
    if (y === null || !Number.isFinite(y)) continue;
    rss += (y - alpha * f(i) - beta) ** 2;
  }
  const s2 = rss / (n - 2);
  const se = Math.sqrt(s2 * (1 / n + (mf * mf) / sff));
  if (!(se > 0)) return null;
  const p = 2 * studentTSurvival(Math.abs(beta / se), n - 2);
  if (p > PATTERN_P) return null;
  // Both parts keep every weekday's factor above zero (a flat part below -α·min f would make some of them negative).
  let least = Infinity;
  for (let d = 0; d < 7; d++) least = Math.min(least, f(a + d));
  return alpha > 0 && alpha * least + beta > 0 && alpha + beta > 0 ? { alpha, beta } : null;
}
