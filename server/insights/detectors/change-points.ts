import { addDays, dayNumber, dayOfWeek } from "@/lib/dates";
import { findMetric } from "@/lib/insights/metrics";
import { toldOnTheirDays } from "./contrary-steps";
import { findEpisodes } from "./episodes";
import { findStretches } from "./stretches";
import { withStop } from "./stopped-series";
import { ownWeeklyShapes } from "./weekly-pattern";
import { confinedToWeekdays, findWeekdayStep, takesSomeWeekdays, type WeekdayShift } from "./weekday-shift";
import { MAD_TO_SIGMA, medianInPlace } from "../stats/descriptive";
import { normalSurvival, studentTQuantile } from "../stats/distributions";
import { solveLinearSystem } from "../stats/linear-algebra";
import { directionOf, relativeChange, type DailyPoint, type Finding } from "../types";

// Level shifts and trend changes in a daily series.
//
// 1. Remove day-of-week seasonality (medians of each day's ratio to its centred 7-day mean, over
//    the whole series; multiplicative for positive series) and clip single-day spikes to a
//    rolling median ± 3.5σ, so a one-day outlier cannot pose as a shift.
// 2. Binary segmentation. In a segment, the null model is a straight line (a steady trend is not
//    a change). For every candidate day k we test two one-parameter extensions of that line:
//      level shift   a + b·t + d·[t ≥ k]        (a step, same slope)
//      trend change  a + b·t + g·(t − k)₊       (a kink, continuous level)
//    With σ known, the added coefficient's t² equals the drop in residual sum of squares over σ²,
//    so both families are compared on one scale and the best (model, k) wins. All candidates are
//    scanned in O(1) each from prefix sums.
// 3. Significance: the best of many candidates is a maximum, so its p-value is Bonferroni-
//    corrected over the 2 × (number of candidates) tests. That is conservative (neighbouring
//    candidates are highly correlated) but it bounds the chance of any false change in a quiet
//    series by 1 − confidence, which is what the noise tests check. Accepted changes split the
//    segment and both halves are searched again.
// σ comes from the MAD of first differences (/√2), which a level shift or a trend barely moves.
// Caveat: strongly autocorrelated noise makes σ from differences too small; daily web metrics
// are mildly autocorrelated at most once weekday effects are removed.

export interface ChangePointOptions {
  metric: string;
  confidence?: number;
  /** Fewest days on either side of a change (7). */
  minSegment?: number;
  /**
   * Fewest days after a level shift that the series ends with (minSegment): a drop on the data's last days can be
   * dated before a week of it has passed. A kink still needs minSegment days after it.
   */
  minDaysAtEnd?: number;
  /**
   * Fewest days after a kink that the series ends with (minSegment). Fitted on the data's last days, a kink is a line
   * bent to a step too young to date, and it outscored the step itself.
   */
  minKinkDaysAtEnd?: number;
  maxChanges?: number;
  dimension?: string | null;
  dimensionValue?: string | null;
  /**
   * Called with the days of the episodes left out of the scan (episodes.ts), when there are any: the one-day tests
   * judge them, but keep them out of the other days' expected values (detectors/anomalies.ts, `aside`).
   */
  onEpisodes?: (dates: string[]) => void;
  /**
   * Days of an episode found in a larger series this one is a part of (the site total's, for a segment): where this
   * series moved on them too (`movedAside`), left out of the scan as its own episodes are, and handed to `onEpisodes`
   * with them. A segment's share of a four-day checkout outage is often too noisy to pass the episode's bar alone, and
   * its days then posed as a lasting step ("Revenue for Device “desktop” shifted from about €1,772.07 to €1,141.11 a
   * day on Nov 6, 2026 (-35.6%)").
   */
  asideDays?: readonly string[];
  /**
   * Asked, when given, of the days of each episode found and of each stretch (stretches.ts), whether the series' level
   * came back after them: false keeps an episode's days in the scan, and a stretch's two steps two changes. The site
   * total asks its segments whether one of them moved on those days and stayed (episode-segments.ts).
   */
  cameBack?: (dates: string[]) => boolean;
}

export interface LevelShiftFinding extends Finding {
  kind: "level_shift";
  /** First day at the new level. */
  date: string;
  /** Deseasonalised daily level just before and from the change (series units per day). */
  current: number;
  baseline: number;
  change: number;
  pValue: number;
  /** |t| of the shift. */
  score: number;
  /** The scan's levels at the date (the line's and the step's) when `baseline` and `current` are its days' means. */
  fitted?: { baseline: number; current: number };
  /** The shift in units of the daily noise σ (signed). */
  effectSize?: number;
  /**
   * Set when only these weekdays moved (0 = Sunday … 6 = Saturday, weekday-shift.ts): `baseline`, `current` and
   * `change` are then every day's average, `changePct` the moved weekdays' own change.
   */
  weekdays?: number[];
  /** The moved weekdays' mean before and from the shift, and the other weekdays' mean from it. */
  weekdayBaseline?: number;
  weekdayCurrent?: number;
  weekdayExpectedLow?: number;
  weekdayExpectedHigh?: number;
  otherDaysLevel?: number;
  /**
   * Set when the level came back (a stretch: `markStretches`): the last day at the new level, and the level from the
   * day after it. `periodEnd` is then that last day.
   */
  until?: string;
  backTo?: number;
  /** Set on the step that ended a stretch: the stretch's first day, whose finding tells both. */
  endsStretchFrom?: string;
  /** Set on a stretch that began before the report's period and ran into it: its effect counts the period's days. */
  beforePeriod?: boolean;
  /**
   * Set when the days just before `date` were left out of the scan (episodes, the larger series' days set aside): the
   * first of them. The step came on one of the days from it to `date`; the scan could only date it after them.
   */
  earliestDate?: string;
}

export interface TrendChangeFinding extends Finding {
  kind: "trend";
  /** First day on the new slope. */
  date: string;
  /** Slopes in series units per day, before and after. */
  current: number;
  baseline: number;
  change: number;
  pValue: number;
  score: number;
  effectSize?: number;
}

export type ChangePointFinding = LevelShiftFinding | TrendChangeFinding;

export function detectChangePoints(series: readonly DailyPoint[], options: ChangePointOptions): ChangePointFinding[] {
  const known = series
    .map((p, i) => ({ i, v: p.value }))
    .filter((p): p is { i: number; v: number } => p.v !== null && Number.isFinite(p.v));
  const minSegment = options.minSegment ?? 7;
  if (known.length < 2 * minSegment + 4) return [];
  const shape = weeklyShape(series);
  const first = scanChanges(series, options, Float64Array.from(shape.values), known, shape.positive);
  // A step that changed the week's shape is scanned again with each stretch's own weekday factors (weekly-pattern.ts).
  const own =
    first.found.length > 0 && shape.positive && shape.factors
      ? ownWeeklyShapes(series, shape.values, shape.factors, first.found)
      : null;
  const scan = own ? scanChanges(series, options, own, known, shape.positive) : first;
  if (scan.episodeDays) options.onEpisodes?.(scan.episodeDays);
  // A run of zero days at the end, judged by itself (stopped-series.ts): at a few a day the scan's line took it.
  const told = toldOnTheirDays(scan.found, series, options.confidence ?? 0.95);
  return withStop(told, series, options, Math.min(minSegment, options.minDaysAtEnd ?? minSegment));
}

/**
 * The change points of `series` on its values divided by weekday factors (`deseasonalised`, changed in place; less
 * them where not every value is `positive`).
 */
function scanChanges(
  series: readonly DailyPoint[],
  options: ChangePointOptions,
  deseasonalised: Float64Array,
  knownDays: readonly { i: number; v: number }[],
  positive: boolean,
): { found: ChangePointFinding[]; episodeDays: string[] | null } {
  const confidence = options.confidence ?? 0.95;
  const alpha = 1 - confidence;
  const minSegment = options.minSegment ?? 7;
  const minDaysAtEnd = Math.min(minSegment, options.minDaysAtEnd ?? minSegment);
  const minKinkDaysAtEnd = Math.max(minSegment, options.minKinkDaysAtEnd ?? minSegment);
  const maxChanges = options.maxChanges ?? 5;
  let known = knownDays;
  let episodeDays: string[] | null = null;
  const none = () => ({ found: [], episodeDays });
  // A count's noise is a Poisson count's at the least (countNoiseFloor).
  const counted = findMetric(options.metric)?.unit === "count";
  const floor = () => (counted ? countNoiseFloor(series, deseasonalised, known, positive) : 0);
  let { t, v, unclipped, sigma } = scanView(deseasonalised, known, floor());
  if (!(sigma > 0)) return none();
  // A few days away from the level and back (episodes.ts) are unusual days, not two steps: left out of the scan.
  const cameBack = options.cameBack;
  const episodes = findEpisodes(t, unclipped, sigma, alpha).filter(
    (e) => !cameBack || cameBack(t.slice(e.start, e.end).map((i) => series[i].date)),
  );
  const aside = movedAside(series, t, unclipped, sigma, options.asideDays);
  if (episodes.length > 0 || aside.length > 0) {
    const left = new Set([...episodes.flatMap((e) => t.slice(e.start, e.end)), ...aside]);
    episodeDays = [...left].sort((a, b) => a - b).map((i) => series[i].date);
    for (const i of left) deseasonalised[i] = NaN;
    known = known.filter((p) => !Number.isNaN(deseasonalised[p.i]));
    if (known.length < 2 * minSegment + 4) return none();
    ({ t, v, unclipped, sigma } = scanView(deseasonalised, known, floor()));
    if (!(sigma > 0)) return none();
  }
  /** The deseasonalised series with the weekday steps found so far taken out. */
  const adjusted = Float64Array.from(deseasonalised);

  const found: ChangePointFinding[] = [];
  /** The changes of every day found by the scan, with the scan's split (for `relevelBetweenChanges`). */
  const scanned: { finding: ChangePointFinding; best: Best }[] = [];
  const queue: [number, number][] = [[0, v.length]];
  while (queue.length > 0 && found.length < maxChanges) {
    const [lo, hi] = queue.shift()!;
    const atEnd = hi === v.length;
    const after = { shift: atEnd ? minDaysAtEnd : minSegment, kink: atEnd ? minKinkDaysAtEnd : minSegment };
    const best = scanSegment(t, v, lo, hi, minSegment, after, sigma);
    if (!best) continue;
    const pValue = Math.min(1, 2 * normalSurvival(Math.abs(best.z)) * best.tests);
    if (pValue >= alpha) continue;
    const finding = describe(series, t, v, lo, hi, best, pValue, confidence, options);
    // Effect size: the change in units of the day-to-day noise (σ of the deseasonalised series).
    finding.effectSize = finding.change / sigma;
    const confined =
      finding.kind === "level_shift"
        ? confinedToWeekdays(series, t, unclipped, lo, hi, best.k, sigma, finding.change)
        : null;
    if (confined) {
      // Its evidence is its weekdays' step, which the step of every day read diluted by the days that did not move;
      // tried on every known day as a split (a bound on the weekday scans' splits), as `findWeekdayStep` does.
      const own = Math.min(1, 2 * normalSurvival(Math.abs(confined.z)) * t.length);
      found.push({ ...asWeekdayShift(finding as LevelShiftFinding, confined), pValue: Math.min(pValue, own) });
      // The step taken out of its weekdays (and the spikes clipped again: its days had been clipped towards the
      // others), the same days are searched again for the changes they still hold.
      for (let j = lo; j < hi; j++) {
        if (series[t[j]].date < confined.date) continue;
        const step = confined.steps.find((s) => s.weekday === dayOfWeek(series[t[j]].date));
        if (step) adjusted[t[j]] -= step.change;
      }
      const clipped = clipSpikes(adjusted);
      for (let j = 0; j < t.length; j++) {
        v[j] = clipped[t[j]];
        unclipped[j] = adjusted[t[j]];
      }
      queue.push([lo, hi]);
      continue;
    }
    found.push(finding);
    scanned.push({ finding, best });
    queue.push([lo, best.k], [best.k, hi]);
  }
  relevelBetweenChanges(scanned, { series, t, v, sigma, confidence, options });
  // A step of one weekday, whose days the clipping above took for outliers (weekday-shift.ts).
  if (found.length < maxChanges && !found.some(takesSomeWeekdays)) {
    const step = findWeekdayStep(series, t, unclipped, sigma, alpha);
    if (step) found.push(weekdayStepFinding(series, step, confidence, options));
  }
  found.sort((a, b) => a.date.localeCompare(b.date));
  if (found.length === 0) return { found, episodeDays };
  if (episodeDays) markLeftOutBefore(found, series, new Set(episodeDays));
  const withStretches = findStretches(found, {
    series,
    // The stretch's levels are the means of its days as they were: clipped, a count's higher days were cut and its
    // level read low (a channel that ran three weeks, about 5 orders and $310 a day, "4 transactions and $219.37").
    x: deseasonalised,
    t,
    v,
    sigma,
    confidence,
    minSegment,
    minDaysAtEnd,
    options,
  });
  return { found: withStretches, episodeDays };
}

/**
 * Whether a change is news from `from` on: dated from it, or a stretch that began before it and ran into it. Told by
 * its return alone, a promotion from Oct 10 to Oct 30 in a report from Oct 22 read as a loss: "Sessions for Channel
 * “Paid Search” shifted from about 883 to 492 a day on Oct 31, 2026 (-44.2%) … Estimated effect over the period:
 * -$13,810.73 revenue".
 */
const reachesInto = (f: ChangePointFinding, from: string): boolean =>
  f.date >= from || (f.kind === "level_shift" && f.until !== undefined && f.until >= from);

/**
 * Days before `from` a lasting level shift may be dated and still be news from `from` on (`reachesFrom`). The scan
 * dates a step of two or three times the day-to-day noise to within a few days: a shop's Organic Search gained 10 % on
 * the period's first day, the scan dated it two days before (p = 10⁻⁷), and the report said nothing of it.
 */
const DATING_SLACK_DAYS = 3;

/**
 * `reachesInto`, and a lasting level shift dated up to DATING_SLACK_DAYS before `from` whose step the two weeks on
 * either side of it show by themselves (`stepsLocally`); its effect counts the period's days only (`firstDayIn`).
 * Without that check a step the scan misplaced came in: Organic Search's revenue, up from the 9th of the month, was
 * read as a line and a step on the 21st of the month before, a day before the period, and led the report at +46 %.
 */
export function reachesFrom(f: ChangePointFinding, from: string, series: readonly DailyPoint[]): boolean {
  if (reachesInto(f, from)) return true;
  return (
    f.kind === "level_shift" &&
    f.until === undefined &&
    f.date >= addDays(from, -DATING_SLACK_DAYS) &&
    stepsLocally(f, series)
  );
}

/** Days on either side of a step that `stepsLocally` compares (two whole weeks: the weekdays weigh alike). */
const LOCAL_STEP_DAYS = 14;

/**
 * Whether the days just after a level shift differ from the days just before it by half its change or more, the same
 * way: the step as the scan's line and step model read it is also a step of the plain means around it. Each side needs
 * a week of known days.
 */
function stepsLocally(f: LevelShiftFinding, series: readonly DailyPoint[]): boolean {
  const before = { sum: 0, n: 0 };
  const after = { sum: 0, n: 0 };
  const first = addDays(f.date, -LOCAL_STEP_DAYS);
  const last = addDays(f.date, LOCAL_STEP_DAYS - 1);
  for (const p of series) {
    if (p.date < first || p.date > last || p.value === null || !Number.isFinite(p.value)) continue;
    const side = p.date < f.date ? before : after;
    side.sum += p.value;
    side.n++;
  }
  if (before.n < 7 || after.n < 7) return false;
  const step = after.sum / after.n - before.sum / before.n;
  return Math.sign(step) === Math.sign(f.change) && Math.abs(step) >= Math.abs(f.change) / 2;
}

/** The first day a change moved from `periodStart` on: its own, or the period's for a stretch that began before. */
export const firstDayIn = (f: ChangePointFinding, periodStart: string): string =>
  f.date > periodStart ? f.date : periodStart;

/** The last day a level shift moved up to `periodEnd`: its stretch's last day, or `periodEnd`. */
export const lastDayOf = (f: LevelShiftFinding, periodEnd: string): string =>
  f.until && f.until < periodEnd ? f.until : periodEnd;

/** A level shift's marks on its chart: its first day, and the day the level came back when it did. */
export const shiftMarks = (f: LevelShiftFinding): { date: string; kind: string }[] => [
  { date: f.date, kind: "level_shift" },
  ...(f.until ? [{ date: addDays(f.until, 1), kind: "level_back" }] : []),
];

/** One series' findings without the steps that ended a stretch among them: a stretch is told once, by its first. */
export function withoutStretchEnds<T extends { date: string; until?: string; endsStretchFrom?: string }>(
  found: readonly T[],
): T[] {
  const starts = new Set(found.flatMap((f) => (f.until ? [f.date] : [])));
  return found.filter((f) => !(f.endsStretchFrom && starts.has(f.endsStretchFrom)));
}

/**
 * What the scan reads of the known days (`known`, positions in the series) of a deseasonalised series: their
 * positions, their values with spikes clipped, as they were (for the weekday checks and the episodes: a weekday that
 * kept its level beside five that rose is clipped towards them), and σ, the day-to-day noise of the clipped ones, or
 * `sigmaFloor` (a count's least noise: countNoiseFloor) where σ came out below it by no more than chance.
 */
export function scanView(
  deseasonalised: Float64Array,
  known: readonly { i: number }[],
  sigmaFloor = 0,
): { t: number[]; v: number[]; unclipped: number[]; sigma: number } {
  const x = clipSpikes(deseasonalised);
  const t = known.map((p) => p.i);
  const v = t.map((i) => x[i]);
  const sigma = differenceSigma(v);
  // Below the floor by more than chance: the days vary less than a Poisson count's could (generated data), and are
  // read as they are.
  const floored = sigma < sigmaFloor && sigma >= POISSON_CONSISTENT * sigmaFloor;
  return { t, v, unclipped: t.map((i) => deseasonalised[i]), sigma: floored ? sigmaFloor : sigma };
}

/**
 * The lowest σ estimate over a Poisson count's σ that chance gives: of 5,000 Poisson series (2 to 25 a day, a weekly
 * pattern, 86 days) one in a thousand came out below 0.67. A count whose estimate is lower still is not such a count
 * (a generator's orders drawn as 3 % of its sessions with 15 % noise: 0.45), and the floor would hide its steps.
 */
const POISSON_CONSISTENT = 0.65;

/**
 * The least day-to-day noise a count's deseasonalised days can have: a Poisson count's, whose variance is its mean (a
 * day's value y over its weekday factor f has variance y / f², or y where the factors are added). Real counts vary
 * more (their days differ in more than chance), so the floor binds where the estimate from 86 days' differences came
 * out low by chance (`scanView`): a noise shop's Paid Search orders, about 12 a day, read σ = 2.7 where a Poisson
 * count's is 3.5, and 33 days that averaged 10.4 "shifted from about 13 to 10 a day … (-20.6%)" at p = 3·10⁻⁵.
 */
function countNoiseFloor(
  series: readonly DailyPoint[],
  deseasonalised: Float64Array,
  known: readonly { i: number }[],
  positive: boolean,
): number {
  let sum = 0;
  let n = 0;
  for (const { i } of known) {
    const x = deseasonalised[i];
    const y = series[i].value ?? NaN;
    if (Number.isNaN(x) || !Number.isFinite(y)) continue;
    sum += positive ? (x * x) / y : Math.max(0, y);
    n++;
  }
  return n > 0 ? Math.sqrt(sum / n) : 0;
}

/** Sets `earliestDate` on the level shifts dated on the first day after days left out of the scan. */
function markLeftOutBefore(
  found: ChangePointFinding[],
  series: readonly DailyPoint[],
  left: ReadonlySet<string>,
): void {
  for (const f of found) {
    if (f.kind !== "level_shift" || takesSomeWeekdays(f)) continue;
    let earliest: string | undefined;
    for (let day = addDays(f.date, -1); left.has(day); day = addDays(day, -1)) earliest = day;
    if (earliest && earliest >= series[0].date) f.earliestDate = earliest;
  }
}

/** Days around a run of the larger series' episode days its own mean is read against, on each side at most. */
const ASIDE_CONTEXT = 14;
/** How far (in standard errors) the series' days of that run are from the days before it and from those after it. */
const ASIDE_Z = 2;

/**
 * The positions (in `series`) of the days of `dates` on which this series moved too and came back: each run of them
 * whose mean is ASIDE_Z standard errors or more from the known days before it and, the same way, from those after it
 * (up to 14 each side). A segment that did not move with the site's episode keeps its days: taken out of a quiet
 * channel's scan, a week of ordinary days left it a "step" of 1.8 standard deviations elsewhere. Nor does one that
 * moved and stayed: the report bench's Paid Search lost 40 % of its orders for good on the period's first day, the
 * site's revenue (growing with the season) looked back at its level 11 days later, and with those days left out of
 * Paid Search's scan its drop was dated the day after them ("shifted from about 78 to 44 a day on Nov 8, 2026").
 */
function movedAside(
  series: readonly DailyPoint[],
  t: readonly number[],
  v: readonly number[],
  sigma: number,
  dates: readonly string[] | undefined,
): number[] {
  if (!dates?.length) return [];
  const wanted = new Set(dates);
  const out: number[] = [];
  for (let j = 0; j < t.length;) {
    if (!wanted.has(series[t[j]].date)) {
      j++;
      continue;
    }
    let end = j;
    while (end < t.length && wanted.has(series[t[end]].date)) end++;
    const run = meanOfRange(v, j, end);
    const before = meanOfRange(v, Math.max(0, j - ASIDE_CONTEXT), j);
    const after = meanOfRange(v, end, Math.min(t.length, end + ASIDE_CONTEXT));
    const z = (side: { mean: number; n: number }) =>
      side.n > 0 ? (run.mean - side.mean) / (sigma * Math.sqrt(1 / run.n + 1 / side.n)) : 0;
    const [zBefore, zAfter] = [z(before), z(after)];
    if (Math.abs(zBefore) >= ASIDE_Z && Math.abs(zAfter) >= ASIDE_Z && Math.sign(zBefore) === Math.sign(zAfter)) {
      for (let k = j; k < end; k++) out.push(t[k]);
    }
    j = end;
  }
  return out;
}

function meanOfRange(v: readonly number[], from: number, to: number): { mean: number; n: number } {
  let sum = 0;
  for (let k = from; k < to; k++) sum += v[k];
  return { mean: to > from ? sum / (to - from) : NaN, n: to - from };
}

/**
 * Each level shift's levels fitted again between the changes next to it. Binary segmentation measures a step when it
 * finds it, over the whole stretch it split, before the changes inside that stretch are found: a shop whose Paid
 * Search lost 2,000 visits a day on Oct 25 and whose Organic Search gained 3,000 on Nov 4 read "Sessions shifted from
 * about 17,947 to 20,048 a day on Nov 4, 2026 (+11.7%)", the level before it fitted over the days before Oct 25 too
 * (about 17,000 between the two), and the days after it were judged against that understated rise: "above the
 * expected range on 4 days in a row". Refitted on its own days (the same model: a line and the step, from the level
 * shift before it to the one after it), it reads "from about 17,024 to 19,855 a day on Nov 4, 2026 (+16.6%)". The
 * date, the evidence and its p-value stay the scan's.
 */
function relevelBetweenChanges(
  scanned: readonly { finding: ChangePointFinding; best: Best }[],
  scan: {
    series: readonly DailyPoint[];
    t: number[];
    v: number[];
    sigma: number;
    confidence: number;
    options: ChangePointOptions;
  },
): void {
  // Bounded by the other level shifts only: a slope change splits a line, not a level, and bounded at one seven days
  // after it, the report bench's site revenue read its drop from about 7 days after it (-6.8 %, its channel's
  // -5.5 % of the site).
  const steps = scanned.filter((s) => s.finding.kind === "level_shift");
  if (steps.length < 2) return;
  const { series, t, v, sigma, confidence, options } = scan;
  const splits = steps.map((s) => s.best.k).sort((a, b) => a - b);
  for (const { finding, best } of steps) {
    const at = splits.indexOf(best.k);
    const lo = at > 0 ? splits[at - 1] : 0;
    const hi = at < splits.length - 1 ? splits[at + 1] : v.length;
    const refit = describe(series, t, v, lo, hi, best, finding.pValue, confidence, options);
    // A step whose own days say the other way is left as the scan measured it (its evidence was the other way).
    if (Math.sign(refit.change) !== Math.sign(finding.change)) continue;
    Object.assign(finding, {
      baseline: refit.baseline,
      current: refit.current,
      change: refit.change,
      changePct: refit.changePct,
      expectedLow: refit.expectedLow,
      expectedHigh: refit.expectedHigh,
      effectSize: refit.change / sigma,
    });
  }
}

interface Best {
  k: number; // index into t/v of the first point after the change
  kind: "level_shift" | "trend";
  z: number;
  tests: number;
}

/**
 * Scans every admissible change position in v[lo, hi) for both change types, with minSegment days before each and
 * `after` days after a level shift and a kink (other than minSegment at the series' end).
 */
function scanSegment(
  t: number[],
  v: number[],
  lo: number,
  hi: number,
  minSegment: number,
  after: { shift: number; kink: number },
  sigma: number,
): Best | null {
  const m = hi - lo;
  if (m < minSegment + after.shift) return null;
  const origin = t[lo];
  // Suffix sums over [k, hi): count, Σt, Σt², Σy, Σty (t shifted to the segment's start).
  const S1 = new Float64Array(m + 1);
  const St = new Float64Array(m + 1);
  const Stt = new Float64Array(m + 1);
  const Sy = new Float64Array(m + 1);
  const Sty = new Float64Array(m + 1);
  for (let j = m - 1; j >= 0; j--) {
    const tj = t[lo + j] - origin;
    const yj = v[lo + j];
    S1[j] = S1[j + 1] + 1;
    St[j] = St[j + 1] + tj;
    Stt[j] = Stt[j + 1] + tj * tj;
    Sy[j] = Sy[j + 1] + yj;
    Sty[j] = Sty[j + 1] + tj * yj;
  }
  // Base regression on [1, t]: (X'X)⁻¹ for the 2×2 case.
  const n = S1[0];
  const det = n * Stt[0] - St[0] * St[0];
  if (!(det > 0)) return null;
  const i11 = Stt[0] / det;
  const i12 = -St[0] / det;
  const i22 = n / det;
  const partial = (g1: number, gt: number, gg: number, gy: number) => {
    // Residualise g on [1, t]: g̃'y = g'y − g'X (X'X)⁻¹ X'y, g̃'g̃ = g'g − g'X (X'X)⁻¹ X'g.
    const c1 = i11 * g1 + i12 * gt;
    const c2 = i12 * g1 + i22 * gt;
    const gty = gy - (c1 * Sy[0] + c2 * Sty[0]);
    const gtg = gg - (c1 * g1 + c2 * gt);
    return gtg > 1e-9 ? gty / Math.sqrt(gtg) / sigma : 0; // the added coefficient's t (= z)
  };
  let best: Best | null = null;
  let tests = 0;
  for (let j = minSegment; j <= m - after.shift; j++) {
    const k = t[lo + j] - origin;
    tests++;
    const zShift = partial(S1[j], St[j], S1[j], Sy[j]);
    if (!best || Math.abs(zShift) > Math.abs(best.z)) best = { k: lo + j, kind: "level_shift", z: zShift, tests: 0 };
    if (j > m - after.kink) continue;
    tests++;
    const hingeSum = St[j] - k * S1[j];
    const zKink = partial(hingeSum, Stt[j] - k * St[j], Stt[j] - 2 * k * St[j] + k * k * S1[j], Sty[j] - k * Sy[j]);
    if (Math.abs(zKink) > Math.abs(best.z)) best = { k: lo + j, kind: "trend", z: zKink, tests: 0 };
  }
  if (best) best.tests = tests;
  return best;
}

function describe(
  series: readonly DailyPoint[],
  t: number[],
  v: number[],
  lo: number,
  hi: number,
  best: Best,
  pValue: number,
  confidence: number,
  options: ChangePointOptions,
): ChangePointFinding {
  const origin = t[lo];
  const k = t[best.k] - origin;
  // Refit the winning three-parameter model for the before/after numbers.
  const xtx = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  const xty = [0, 0, 0];
  for (let j = lo; j < hi; j++) {
    const tj = t[j] - origin;
    const g = best.kind === "level_shift" ? (tj >= k ? 1 : 0) : Math.max(0, tj - k);
    const row = [1, tj, g];
    for (let a = 0; a < 3; a++) {
      xty[a] += row[a] * v[j];
      for (let b = 0; b < 3; b++) xtx[a][b] += row[a] * row[b];
    }
  }
  const [a, b, c] = solveLinearSystem(xtx, xty) ?? [0, 0, 0];
  const se = Math.abs(c / best.z) || 0;
  const q = studentTQuantile(1 - (1 - confidence) / 2, Infinity);
  const before = best.kind === "level_shift" ? a + b * k : b;
  // A count or an amount is never below zero: a step to none, read off a line with a slope, came out at -1 a day.
  const nonNegative = best.kind === "level_shift" && knownValues(series).every((x) => x >= 0);
  const after = nonNegative ? Math.max(0, before + c) : before + c;
  const change = after - before;
  const common = {
    metric: options.metric,
    dimension: options.dimension ?? null,
    dimensionValue: options.dimensionValue ?? null,
    date: series[t[best.k]].date,
    periodStart: series[t[best.k]].date,
    periodEnd: series[t[hi - 1]].date,
    current: after,
    baseline: before,
    change,
    changePct: relativeChange(after, before),
    // The range the new level (or slope) would fall in without a change.
    expectedLow: before - q * se,
    expectedHigh: before + q * se,
    confidence,
    direction: directionOf(change),
    pValue,
    score: Math.abs(best.z),
  };
  return best.kind === "level_shift" ? { kind: "level_shift", ...common } : { kind: "trend", ...common };
}

/** A level shift restated as the confined one of weekday-shift.ts: dated, sized and levelled on its weekdays. */
function asWeekdayShift(f: LevelShiftFinding, w: WeekdayShift): LevelShiftFinding {
  return {
    ...f,
    date: w.date,
    periodStart: w.date,
    baseline: w.baseline,
    current: w.baseline + w.change,
    change: w.change,
    changePct: w.changePct,
    direction: directionOf(w.change),
    effectSize: w.effectSize,
    weekdays: w.weekdays,
    weekdayBaseline: w.weekdayBaseline,
    weekdayCurrent: w.weekdayCurrent,
    weekdayExpectedLow: w.weekdayExpectedLow,
    weekdayExpectedHigh: w.weekdayExpectedHigh,
    otherDaysLevel: w.otherDaysLevel,
  };
}

/** The finding of a step only some weekdays took that the scan over every day did not find (`findWeekdayStep`). */
function weekdayStepFinding(
  series: readonly DailyPoint[],
  step: { shift: WeekdayShift; pValue: number; z: number },
  confidence: number,
  options: ChangePointOptions,
): LevelShiftFinding {
  const { shift } = step;
  const se = Math.abs(shift.change / step.z) || 0;
  const q = studentTQuantile(1 - (1 - confidence) / 2, Infinity);
  const found: LevelShiftFinding = {
    kind: "level_shift",
    metric: options.metric,
    dimension: options.dimension ?? null,
    dimensionValue: options.dimensionValue ?? null,
    date: shift.date,
    periodStart: shift.date,
    periodEnd: series[series.length - 1].date,
    current: shift.baseline + shift.change,
    baseline: shift.baseline,
    change: shift.change,
    changePct: shift.changePct,
    expectedLow: shift.baseline - q * se,
    expectedHigh: shift.baseline + q * se,
    confidence,
    direction: directionOf(shift.change),
    pValue: step.pValue,
    score: Math.abs(step.z),
  };
  return asWeekdayShift(found, shift);
}

/** The series' known values. */
export function knownValues(series: readonly DailyPoint[]): number[] {
  const out: number[] = [];
  for (const p of series) if (p.value !== null && Number.isFinite(p.value)) out.push(p.value);
  return out;
}

/**
 * Weekday seasonality removed (multiplicative for positive series, additive otherwise): the series' weekday factors
 * (Sunday first; ratios of mean 1 when every known value is above zero, differences of mean 0 otherwise; null with
 * too few weeks), and its values divided by them (or less them), NaN where unknown.
 */
export function weeklyShape(series: readonly DailyPoint[]): {
  values: Float64Array;
  factors: number[] | null;
  positive: boolean;
} {
  const n = series.length;
  // An indexed loop: Float64Array.from(series, fn) walks the array through its iterator, allocating a result per day.
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const v = series[i].value;
    y[i] = v === null || !Number.isFinite(v) ? NaN : v;
  }
  const positive = y.every((v) => Number.isNaN(v) || v > 0);
  const day0 = n > 0 ? dayNumber(series[0].date) : 0;
  const byDay: number[][] = [[], [], [], [], [], [], []];
  for (let s = 3; s < n - 3; s++) {
    let total = 0;
    let ok = true;
    for (let j = s - 3; j <= s + 3; j++) {
      if (Number.isNaN(y[j])) ok = false;
      total += y[j];
    }
    if (!ok) continue;
    const ma = total / 7;
    byDay[(day0 + s + 4) % 7].push(positive ? y[s] / ma : y[s] - ma);
  }
  if (byDay.some((d) => d.length < 2)) return { values: y, factors: null, positive };
  const raw = byDay.map((d) => medianInPlace(Float64Array.from(d), d.length));
  const avg = raw.reduce((s, r) => s + r, 0) / 7;
  const factors = raw.map((r) => (positive ? r / avg : r - avg));
  const values = y.map((v, i) => {
    const f = factors[(day0 + i + 4) % 7];
    return positive ? v / f : v - f;
  });
  return { values, factors, positive };
}

/**
 * σ of the day-to-day noise from first differences (÷√2: insensitive to level shifts and slow trends): the larger of
 * the MAD's estimate and the mean absolute deviation's. The MAD alone collapses on small counts (a segment with 2 to 5
 * conversions a day repeats its value on half the days, so half the differences are 0): it gave σ = 0.12 for a series
 * whose noise is about 1, and a "shift" of 0.8 conversions a day scored p = 1e-15 on pure noise. The mean absolute
 * deviation has no such plateau.
 */
function differenceSigma(v: number[]): number {
  const d = new Float64Array(v.length - 1);
  for (let i = 1; i < v.length; i++) d[i - 1] = v[i] - v[i - 1];
  const med = medianInPlace(Float64Array.from(d), d.length);
  let absolute = 0;
  for (let i = 0; i < d.length; i++) absolute += d[i] = Math.abs(d[i] - med);
  const byMad = MAD_TO_SIGMA * medianInPlace(d, d.length);
  const byMeanDeviation = d.length ? (absolute / d.length) * Math.sqrt(Math.PI / 2) : 0;
  return Math.max(byMad, byMeanDeviation) / Math.SQRT2;
}

/** Clips values beyond a centred 7-day rolling median ± 3.5σ (σ from differences). */
function clipSpikes(x: Float64Array): Float64Array {
  const known = Array.from(x).filter((v) => !Number.isNaN(v));
  if (known.length < 8) return x;
  const sigma = differenceSigma(known);
  const out = Float64Array.from(x);
  const buf = new Float64Array(7);
  for (let i = 0; i < x.length; i++) {
    if (Number.isNaN(x[i])) continue;
    let k = 0;
    for (let j = Math.max(0, i - 3); j <= Math.min(x.length - 1, i + 3); j++) if (!Number.isNaN(x[j])) buf[k++] = x[j];
    const med = medianInPlace(buf, k);
    out[i] = Math.min(med + 3.5 * sigma, Math.max(med - 3.5 * sigma, x[i]));
  }
  return out;
}
