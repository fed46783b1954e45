import { addDays, dateRange } from "@/lib/dates";
import { normalSurvival, studentTQuantile } from "../stats/distributions";
import { directionOf, relativeChange, type DailyPoint } from "../types";
import { knownValues, type ChangePointFinding, type ChangePointOptions, type LevelShiftFinding } from "./change-points";
import { takesSomeWeekdays } from "./weekday-shift";

// Levels that came back: two level shifts of a series told as one stretch (`markStretches`), and the other step of
// one that the change-point scan missed (`otherStepOf`).

/** What the change-point scan hands over: the series, its deseasonalised values and the scan's own view of them. */
export interface StretchInput {
  series: readonly DailyPoint[];
  /** The deseasonalised series, spikes not clipped (NaN: unknown or left out): the stretches' levels are its means. */
  x: Float64Array;
  /** The scanned days' positions in `series`, and their values as scanned. */
  t: readonly number[];
  v: readonly number[];
  sigma: number;
  confidence: number;
  minSegment: number;
  /** Days a step needs after it at the series' end. */
  minDaysAtEnd: number;
  options: ChangePointOptions;
}

/**
 * The change points found (sorted by date), with their stretches marked and a stretch's missing step added where the
 * scan missed it (`otherStepOf`).
 */
export function findStretches(found: ChangePointFinding[], input: StretchInput): ChangePointFinding[] {
  // A count or an amount is never below zero: read once for every level below.
  const nonNegative = knownValues(input.series).every((value) => value >= 0);
  const mark = (steps: readonly ChangePointFinding[]) => markStretches(steps, input, nonNegative);
  const marked = copies(found);
  mark(marked);
  const candidates = marked.flatMap((f, i) => (isLone(f) ? otherStepOf(found, i, input, nonNegative) : []));
  if (candidates.length === 0) return marked;
  // Kept only where they make a stretch with the steps found (as its first step, its return or a step inside it);
  // marked again without the others, which would have stood between the steps of another stretch.
  const tried = copies(candidates);
  mark(byDate([...copies(found), ...tried]));
  const kept = candidates.filter((_, c) => inStretch(tried[c]));
  if (kept.length === 0) return marked;
  const final = byDate([...copies(found), ...kept]);
  mark(final);
  return final;
}

const copies = (found: readonly ChangePointFinding[]): ChangePointFinding[] => found.map((f) => ({ ...f }));
const byDate = (found: ChangePointFinding[]) => found.sort((a, b) => a.date.localeCompare(b.date));
const isStep = (f: ChangePointFinding): f is LevelShiftFinding => f.kind === "level_shift" && !takesSomeWeekdays(f);
/** A step that is a part of a stretch: its first, one inside it, or its return. */
const inStretch = (f: ChangePointFinding) =>
  f.kind === "level_shift" && (f.until !== undefined || f.endsStretchFrom !== undefined);
/** A step of every day that is no part of a stretch. */
const isLone = (f: ChangePointFinding) => isStep(f) && !inStretch(f);

/**
 * The other step of a stretch, where the scan missed it. Binary segmentation fits a line beside each step, and the days
 * left between a step and the series' start (or another change) that end at a stretch's level read as a slope: Paid
 * Search paused at a tenth of its visits from Oct 5 to Oct 27 took mobile's orders from about 20 a day to 13 and back.
 * The scan found the return (dated Nov 1), but on the days before it the pause's first day scored z = 3.0 over 106
 * splits (p = 0.28). Told alone, the return read as a gain of its own: "Transactions for Device “mobile” shifted from
 * about 13 to 22 a day on Nov 1, 2026 (+72.0%) … +$11,114.06 revenue".
 *
 * On each side of a lone step, up to the change before (or after) it, the days are split where the means of the two
 * sides differ most the other way (a flat step, no line), each side at least `minSegment` days (the days a step needs
 * at the series' end after a return); the split is kept when clear over the splits tried (Bonferroni, at
 * MISSED_STEP_P). `findStretches` then keeps it only if the two steps are one stretch.
 */
function otherStepOf(
  found: readonly ChangePointFinding[],
  i: number,
  input: StretchInput,
  nonNegative: boolean,
): LevelShiftFinding[] {
  const { series, t, v, minSegment } = input;
  const step = found[i];
  const at = (date: string) => t.findIndex((p) => series[p].date >= date);
  const k = at(step.date);
  if (k < 0) return [];
  const lo = i > 0 ? Math.max(0, at(found[i - 1].date)) : 0;
  const next = found[i + 1] ? at(found[i + 1].date) : -1;
  const hi = next >= 0 ? next : v.length;
  const sign = -Math.sign(step.change);
  const out: LevelShiftFinding[] = [];
  // Before it: a step the other way from `lo`, which this one took back.
  const start = flatSplit(input, nonNegative, lo, k, minSegment, minSegment, sign);
  if (start) out.push(start);
  // After it: a step the other way to `hi`, which took this one back.
  const end = flatSplit(input, nonNegative, k, hi, minSegment, hi === v.length ? input.minDaysAtEnd : minSegment, sign);
  if (end) out.push(end);
  return out;
}

/**
 * The bar of a step the scan missed: a second look at days the scan saw, so a stricter one than the scan's. At the
 * scan's 0.05 a noise step of a count's series (p = 0.001) was given a partner of p = 0.0008 three weeks before it, and
 * the two read as a stretch; the pause of the example above scores p = 2 × 10⁻⁷.
 */
const MISSED_STEP_P = 1e-4;

/** The most significant flat step of `sign` within [lo, hi) of the scanned days, as a finding, or null. */
function flatSplit(
  input: StretchInput,
  nonNegative: boolean,
  lo: number,
  hi: number,
  before: number,
  after: number,
  sign: number,
): LevelShiftFinding | null {
  const { series, t, v, sigma } = input;
  if (sign === 0 || hi - lo < before + after) return null;
  let total = 0;
  for (let j = lo; j < hi; j++) total += v[j];
  let head = 0;
  for (let j = lo; j < lo + before; j++) head += v[j];
  let best: { j: number; z: number; m1: number; m2: number } | null = null;
  let tests = 0;
  for (let j = lo + before; j <= hi - after; j++) {
    if (j > lo + before) head += v[j - 1];
    const n1 = j - lo;
    const n2 = hi - j;
    const m1 = head / n1;
    const m2 = (total - head) / n2;
    const z = (m2 - m1) / (sigma * Math.sqrt(1 / n1 + 1 / n2));
    tests++;
    if (Math.sign(z) === sign && (!best || Math.abs(z) > Math.abs(best.z))) best = { j, z, m1, m2 };
  }
  if (!best) return null;
  const pValue = Math.min(1, 2 * normalSurvival(Math.abs(best.z)) * tests);
  if (pValue > MISSED_STEP_P) return null;
  const baseline = best.m1;
  const current = nonNegative ? Math.max(0, best.m2) : best.m2;
  const change = current - baseline;
  const se = Math.abs(change / best.z) || 0;
  const q = studentTQuantile(1 - (1 - input.confidence) / 2, Infinity);
  const date = series[t[best.j]].date;
  return {
    kind: "level_shift",
    metric: input.options.metric,
    dimension: input.options.dimension ?? null,
    dimensionValue: input.options.dimensionValue ?? null,
    date,
    periodStart: date,
    periodEnd: series[t[hi - 1]].date,
    current,
    baseline,
    change,
    changePct: relativeChange(current, baseline),
    expectedLow: baseline - q * se,
    expectedHigh: baseline + q * se,
    confidence: input.confidence,
    direction: directionOf(change),
    pValue,
    score: Math.abs(best.z),
    effectSize: change / sigma,
  };
}

/**
 * A stretch: a level that came back. Three weeks of a promotion, or of a campaign paused and resumed, are two steps a
 * week or more apart (shorter ones are episodes, episodes.ts), and told as two they read as a lasting rise and then a
 * loss: "Sessions for Channel “Paid Search” shifted from about 438 to 799 a day on Oct 23 … Estimated effect over
 * the period: +€21,546.21 revenue", counted to the period's end, and the promotion's end "-€6,980.30". A level shift
 * of every day and a later one are one stretch when the later goes back the way the first came, by half its change at
 * least, and the days after it are back at the level of the days before the first (`markStretches`); the steps
 * between them, if any (a weak wiggle of the stretch: a site's promotion had one of p = 0.03 in its middle), kept the
 * level beyond half the first's change.
 */
const STRETCH_HALF = 0.5;
/** The days after a return are back when within this share of the stretch's change of the days before it ... */
const STRETCH_BACK_SHARE = 0.25;
/**
 * ... or within this many standard errors of them (but never beyond half the change): a campaign's revenue back for
 * 8 days after 19 of none averaged €940 a day against €740 before, 2.1 standard errors apart.
 */
const STRETCH_BACK_Z = 3;
/** Days before a stretch its level before is read from, at most (fewer after an earlier change). */
const STRETCH_BEFORE_DAYS = 28;

/**
 * Marks the stretches among level shifts sorted by date (in place): on the first, `until`, `backTo` and its levels
 * read again over the stretch's own days and those before it (binary segmentation measured them before the return
 * was found, over the days after the return too: a campaign paused to 10 % of its visits read "from about 533 to 159
 * a day"); `until` on the steps inside; `endsStretchFrom` on the return. The levels are means of the input's `x`, the
 * deseasonalised days as they were; σ its noise.
 */
function markStretches(found: readonly ChangePointFinding[], input: StretchInput, nonNegative: boolean): void {
  const { series, x, sigma } = input;
  const end = series.length > 0 ? addDays(series[series.length - 1].date, 1) : "";
  /** The level from the k-th change to the next (or the series' end). */
  const levelAfter = (k: number) => meanOf(series, x, found[k].date, found[k + 1]?.date ?? end);
  /** The level before the i-th change: its last days (from the change before it, if later). */
  const levelBefore = (i: number) => {
    const earliest = addDays(found[i].date, -STRETCH_BEFORE_DAYS);
    return meanOf(series, x, i > 0 && found[i - 1].date > earliest ? found[i - 1].date : earliest, found[i].date);
  };
  for (let i = 0; i < found.length; i++) {
    const a = found[i];
    if (!isStep(a) || a.until) continue;
    const sign = Math.sign(a.change);
    const before = levelBefore(i);
    if (before.n === 0) continue;
    for (let j = i + 1; j < found.length; j++) {
      const b = found[j];
      if (!isStep(b)) break;
      const during = meanOf(series, x, a.date, b.date).mean;
      const change = during - before.mean;
      if (!(sign !== 0 && Math.sign(change) === sign)) break;
      const half = STRETCH_HALF * Math.abs(change);
      // The days after the return are back at the level before: within a quarter of the change, or of the noise.
      const after = levelAfter(j);
      const withinNoise = STRETCH_BACK_Z * sigma * Math.sqrt(1 / before.n + 1 / Math.max(1, after.n));
      const tolerance = Math.min(half, Math.max(STRETCH_BACK_SHARE * Math.abs(change), withinNoise));
      // ... and the site's segments say it came back: a channel's lasting drop made up for by another's rise is two
      // changes (the site total's `cameBack`, episode-segments.ts).
      const back =
        after.n > 0 &&
        Math.abs(after.mean - before.mean) <= tolerance &&
        (!input.options.cameBack || input.options.cameBack(dateRange(a.date, addDays(b.date, -1))));
      if (!(Math.sign(b.change) === -sign && Math.abs(b.change) >= half && back)) {
        // A step inside the stretch: the level on both its sides still beyond half the stretch's change.
        if ((b.baseline - before.mean) * sign > half && (b.current - before.mean) * sign > half) continue;
        break;
      }
      const until = addDays(b.date, -1);
      // Binary segmentation fitted the first step's levels on a line through the days after the return too, which
      // bent it: the levels are read again as means of the days before, during and after the stretch (a count or
      // an amount never below zero: a lead form's weeks of none read "-0 a day", -100.1 %). The return is measured
      // between the same levels, so the one-day tests scale the days around the stretch consistently by them.
      const level = (value: number) => (nonNegative ? Math.max(0, value) : value);
      const [from, to, backLevel] = [before.mean, level(during), level(after.mean)];
      const moved = from - a.baseline;
      Object.assign(a, {
        baseline: from,
        current: to,
        change: to - from,
        changePct: relativeChange(to, from),
        expectedLow: a.expectedLow === null ? null : a.expectedLow + moved,
        expectedHigh: a.expectedHigh === null ? null : a.expectedHigh + moved,
        effectSize: (to - from) / sigma,
        until,
        periodEnd: until,
        backTo: backLevel,
      });
      for (let k = i + 1; k < j; k++) Object.assign(found[k], { until, periodEnd: until });
      Object.assign(b, {
        baseline: to,
        current: backLevel,
        change: backLevel - to,
        changePct: relativeChange(backLevel, to),
        endsStretchFrom: a.date,
      });
      i = j;
      break;
    }
  }
}

/** Mean (and count) of the known values of `x` from `from` up to (not including) `to`. */
function meanOf(series: readonly DailyPoint[], x: Float64Array, from: string, to: string): { mean: number; n: number } {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < series.length; i++) {
    const d = series[i].date;
    if (d < from || d >= to || Number.isNaN(x[i])) continue;
    sum += x[i];
    n++;
  }
  return { mean: n > 0 ? sum / n : NaN, n };
}
