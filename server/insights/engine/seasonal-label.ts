import { metricDefinition } from "@/lib/insights/metrics";
import { addDays, dayNumber } from "@/lib/dates";
import { trendRate } from "../detectors/trend-rate";
import { robustSigma } from "../stats/descriptive";
import type { Finding } from "../types";
import { effectShare } from "./effect-share";
import type { EngineContext, IntentionOutcome } from "./types";

// Expected seasonality is not news, for dated findings too. A level shift, a run of unusual days
// or a trend that the same days a year earlier (52 weeks: the same weekdays) also show is the
// season: labelled expected (`season`, as the period change's seasonal-expectation.ts does),
// given no impact, and left out of the report's significant findings. Segments have no daily
// history a year back (the watch window is 146 days), so a segment's move (or a driver's period
// change) is compared with the
// project total's move last year: a season moves the whole site.

const YEAR = 364;
/** Days after the date that show last year's new level, and before it the level it left. */
const AFTER_DAYS = 14;
const BEFORE_DAYS = 28;
/** Last year's move must be at least this large (log ratio ≈ 10 %) to explain anything. */
const MIN_SEASONAL_LOG = 0.1;
/** This year's move matches last year's within half of it (log scale) plus 5 %. */
const MATCH_TOLERANCE = 0.5;
const MATCH_SLACK = 0.05;
/** A day agrees with the season's prediction within this many of the prediction's σ (99 %, two-sided). */
const SEASON_Z = 2.576;
/** Last year's slope (or slope change) must be this many of its standard errors from zero (95 %) to explain one. */
const SLOPE_Z = 1.96;
/** Days on each side of a slope change over which the slopes before and after it are fitted. */
const SLOPE_DAYS = 56;
/**
 * Last year's move on a day (or its week) predicts this year's only when it stands out of last year's own day-to-day
 * noise by this many σ (99 %; a day has four chances: its day and its week, 364 days back and on its date): a small
 * total's days wander by 15-20 % (35 conversions a day), so a chance +11 % a year earlier labelled a country's tripled
 * day "expected for the season".
 */
const LAST_YEAR_Z = 2.576;
/** Days before last year's date whose wander against their weekdays measures that noise. */
const NOISE_DAYS = 28;
/** Days either side of a level shift's date a year back whose move may be the season's (seasonMoveNear). */
const SHIFT_DATE_SLACK = 7;

export interface SeasonLabel {
  expected: boolean;
  /** Last year's move over the same days (fraction). */
  lastYearChangePct: number;
  /** For period changes (seasonal-expectation.ts): the current total the season predicts. */
  expectedCurrent?: number;
  /** Judged by the course of the same weeks a year earlier, not by one move to quote (small shifts). */
  sameCourse?: true;
}

type Dated = Finding & { date?: string; season?: SeasonLabel; kpiEffect?: number };

/** Labels the findings the season explains; an outcome left with only those carries no impact. */
export function labelSeasonalFindings(ctx: EngineContext, outcomes: IntentionOutcome[]): void {
  for (const o of outcomes) {
    if (o.intention.stage === "audit" || o.findings.length === 0) continue;
    let labelled = 0;
    let tested = 0;
    for (const f of o.findings as Dated[]) {
      if (typeof f.pValue !== "number") continue;
      tested++;
      if (f.season) {
        if (f.season.expected) labelled++;
        continue;
      }
      const label = seasonFor(ctx, f);
      if (label) {
        f.season = label;
        labelled++;
      }
    }
    if (tested > 0 && labelled === tested) {
      o.kpiEffect = 0;
      o.indirectEffect = 0;
      for (const f of o.findings as Dated[]) if (typeof f.kpiEffect === "number") f.kpiEffect = 0;
    } else if (labelled > 0) {
      // Where the outcome's effect adds up its findings' (a trend's shifts and slope changes), the
      // share of those the season predicts is taken back.
      let expected = 0;
      for (const f of o.findings as Dated[]) if (f.season?.expected) expected += effectShare.get(f) ?? 0;
      const kept = Math.max(0, 1 - expected);
      o.kpiEffect *= kept;
      o.indirectEffect *= kept;
    }
  }
}

/** Whether the season predicts a finding (the same days a year earlier moved alike), as `seasonFor` labels it. */
export function seasonExpects(ctx: EngineContext, f: Dated): boolean {
  return seasonFor(ctx, f)?.expected === true;
}

/** The season's label of one tested finding, or null when the same days a year earlier do not explain it. */
export function seasonFor(ctx: EngineContext, f: Dated): SeasonLabel | null {
  if (f.kind !== "level_shift" && f.kind !== "anomaly" && f.kind !== "trend" && f.kind !== "change") return null;
  // A period compared with the same days a year earlier has the season on both sides: a year-over-year change that
  // repeats last year's is growth, not the season's.
  if (f.kind === "change" && ctx.window.compareTo !== "previous_period") return null;
  const metric = metricDefinition(f.metric);
  // Ratios are judged through the additive metrics they are made of.
  if (metric.kind !== "additive" || !ctx.data.hasMetric(f.metric)) return null;
  // A slope change (a dated trend finding, change-points.ts) or a period's growth rate (trend-rate.ts)
  // is the season's when the same days a year earlier show the same slope change or growth; else
  // when the period's second half moved against its first as it did last year (below).
  if (f.kind === "trend") {
    const slopeLabel = typeof f.date === "string" ? slopeChangeInSeason(ctx, f.metric, f.date) : growthInSeason(ctx, f);
    if (slopeLabel) return slopeLabel;
  }
  const date = f.kind === "trend" || f.kind === "change" ? null : (f.date ?? f.periodStart);
  // A shift judged by the course of the same weeks a year earlier (smallShiftInSeason): the label where last year's
  // move is not one to quote beside it (below).
  let course: SeasonLabel | null = null;
  // Days of a dated shift's new level this year, over which last year's move is read (daysAfter).
  let after = AFTER_DAYS;
  let lastYear: number | null;
  let thisYear: number | null;
  if (f.kind === "change") {
    // A period's total against its comparison: the same two periods a year earlier.
    const w = ctx.window;
    const back = (d: string) => addDays(d, -YEAR);
    lastYear = ratio(
      mean(ctx, f.metric, back(w.periodStart), back(w.periodEnd)),
      mean(ctx, f.metric, back(w.comparisonStart), back(w.comparisonEnd)),
    );
    thisYear = ratio(f.current, f.baseline);
  } else if (date) {
    const at = addDays(date, -YEAR);
    // A season set by the weekday (a Black Friday week) comes back 364 days later; one set by the calendar (a sale
    // from the 15th, Christmas) on the same date, a day or two off the same weekday at its edges: either explains it.
    if (f.kind === "anomaly") return dayInSeason(ctx, f, date, at) ?? dayInSeason(ctx, f, date, sameDateLastYear(date));
    const stretch = stretchInSeason(ctx, f);
    if (stretch) return stretch;
    thisYear = ratio(f.current, f.baseline);
    after = daysAfter(ctx, f, date);
    lastYear = seasonMoveNear(ctx, f.metric, at, thisYear, after);
    // The total's course is its own weeks' move; a segment's, its shift (its days a year back are not read).
    course = smallShiftInSeason(f, f.dimension ? thisYear : weeksMove(ctx, f.metric, date, after), lastYear, after);
  } else {
    // A trend over the period: last year's second half of the same days against its first half.
    const w = ctx.window;
    const days = Math.max(2, Math.round((Date.parse(w.periodEnd) - Date.parse(w.periodStart)) / 86_400_000) + 1);
    const mid = addDays(w.periodStart, Math.floor(days / 2));
    const half = (from: string, to: string) => mean(ctx, f.metric, addDays(from, -YEAR), addDays(to, -YEAR));
    lastYear = ratio(half(mid, w.periodEnd), half(w.periodStart, addDays(mid, -1)));
    thisYear = ratio(mean(ctx, f.metric, mid, w.periodEnd), mean(ctx, f.metric, w.periodStart, addDays(mid, -1)));
  }
  if (lastYear === null || thisYear === null) return course;
  const ly = Math.log(lastYear);
  const ty = Math.log(thisYear);
  if (Math.abs(ly) < MIN_SEASONAL_LOG || Math.sign(ly) !== Math.sign(ty)) return course;
  // A shift's own size is known only within its noise (a small segment's conversions or revenue): it matches last
  // year's move within that too, as smallShiftInSeason judges the total's.
  const tolerance = Math.max(
    MATCH_TOLERANCE * Math.abs(ly) + MATCH_SLACK,
    SEASON_Z * Math.SQRT2 * shiftLogSe(f, after),
  );
  if (Math.abs(ty - ly) > tolerance) return course;
  // A period change's sentence quotes what the season predicts: its baseline moved as last year's.
  const expectedCurrent = f.kind === "change" && f.baseline !== null ? f.baseline * lastYear : undefined;
  return {
    expected: true,
    lastYearChangePct: lastYear - 1,
    ...(expectedCurrent === undefined ? {} : { expectedCurrent }),
  };
}

/**
 * One unusual day is the season when the season predicts it: the day's usual level (the same
 * weekday over the four weeks before; for a segment, its expected value) moved as last year's
 * same day moved, within the prediction's own noise. That prediction is this year's usual level
 * × last year's day ÷ last year's usual level: with the day's relative noise r, its log has
 * variance r²·(1 + ¼ + ¼) (last year's day, the two four-weekday means) on top of the day's own r²,
 * so the day and the prediction differ by σ·√2.5 in the ordinary course; they must agree within
 * SEASON_Z of that. (It was the day's 95 % interval × √2 ≈ 2.9σ, which left out the two means and
 * let half of a 30–50 % season's days through as news on the quality bench.)
 */
function dayInSeason(ctx: EngineContext, f: Dated, date: string, at: string): SeasonLabel | null {
  // Last year's move on that day, and (less noisy for small daily counts) over the week from it
  // against the four weeks before: either prediction may explain the day.
  const week = ratio(
    mean(ctx, f.metric, at, addDays(at, 6)),
    mean(ctx, f.metric, addDays(at, -BEFORE_DAYS), addDays(at, -1)),
  );
  const usual = f.dimension ? f.baseline : weekdayMean(ctx, f.metric, date);
  if (usual === null || f.current === null || f.expectedHigh === null || f.baseline === null) return null;
  const score = (f as Dated & { score?: number }).score;
  const sigma =
    typeof score === "number" && score !== 0 && f.change !== null
      ? Math.abs(f.change / score)
      : Math.abs(f.expectedHigh - f.baseline) / 2;
  const halfWidth = SEASON_Z * Math.sqrt(2.5) * sigma;
  // Last year's noise where its weeks are known, else this year's before the day (the same site's days wander alike).
  const noise = dayNoise(ctx, f.metric, at) || dayNoise(ctx, f.metric, date);
  const predictions = [
    { lastYear: dayAgainstWeekdays(ctx, f.metric, at), noise },
    // A week's mean against the four weeks before: the noise of a mean of 7 days against one of 28.
    { lastYear: week, noise: noise * Math.sqrt(1 / 7 + 1 / BEFORE_DAYS) },
  ];
  for (const { lastYear, noise } of predictions) {
    if (lastYear === null || Math.abs(Math.log(lastYear)) < Math.max(MIN_SEASONAL_LOG, LAST_YEAR_Z * noise)) continue;
    if (Math.sign(lastYear - 1) !== Math.sign(f.current - usual)) continue;
    const predicted = usual * lastYear;
    if (Math.abs(f.current - predicted) <= halfWidth)
      return { expected: true, lastYearChangePct: lastYear - 1, expectedCurrent: predicted };
  }
  return null;
}

interface Slope {
  /** Daily log-slope (weekday effects out) and its standard error (trend-rate.ts). */
  slope: number;
  se: number;
}

/** The project total's growth over [from, to] as a daily log-slope; null without every day or enough of them. */
function slopeOf(ctx: EngineContext, metric: string, from: string, to: string): Slope | null {
  if (from < ctx.window.historyStart) return null;
  const series = ctx.data.series(metric, from, to);
  if (series.some((p) => p.value === null)) return null;
  const fit = trendRate(series, { metric, periodStart: from, periodEnd: to });
  return fit && fit.slopeSe > 0 ? { slope: fit.slope, se: fit.slopeSe } : null;
}

/**
 * This year's slope (or slope change) is the season's when the same days a year earlier show one of
 * the same sign, clearly (SLOPE_Z), and this year's does not differ from it beyond the noise of
 * both (SEASON_Z). A yearly wave read over a few months bends the trend at the same dates every
 * year; a campaign that starts growth does not, or grows beyond last year's.
 */
function sameSlope(thisYear: Slope, lastYear: Slope): SeasonLabel | null {
  if (Math.abs(lastYear.slope) < SLOPE_Z * lastYear.se) return null;
  if (Math.sign(lastYear.slope) !== Math.sign(thisYear.slope)) return null;
  if (Math.abs(thisYear.slope - lastYear.slope) > SEASON_Z * Math.hypot(thisYear.se, lastYear.se)) return null;
  // Last year's move, as a share per week.
  return { expected: true, lastYearChangePct: Math.expm1(7 * lastYear.slope) };
}

/** A period's growth rate against the same period's a year earlier. */
function growthInSeason(ctx: EngineContext, f: Dated): SeasonLabel | null {
  const own = f as Dated & { slope?: number; slopeSe?: number };
  if (typeof own.slope !== "number" || typeof own.slopeSe !== "number") return null;
  const w = ctx.window;
  const lastYear = slopeOf(ctx, f.metric, addDays(w.periodStart, -YEAR), addDays(w.periodEnd, -YEAR));
  return lastYear ? sameSlope({ slope: own.slope, se: own.slopeSe }, lastYear) : null;
}

/** A slope change on `date`: the change in growth over the SLOPE_DAYS either side, this year and a year earlier. */
function slopeChangeInSeason(ctx: EngineContext, metric: string, date: string): SeasonLabel | null {
  const end =
    addDays(date, SLOPE_DAYS - 1) < ctx.window.periodEnd ? addDays(date, SLOPE_DAYS - 1) : ctx.window.periodEnd;
  const change = (shift: number): Slope | null => {
    const before = slopeOf(ctx, metric, addDays(date, shift - SLOPE_DAYS), addDays(date, shift - 1));
    const after = slopeOf(ctx, metric, addDays(date, shift), addDays(end, shift));
    return before && after ? { slope: after.slope - before.slope, se: Math.hypot(after.se, before.se) } : null;
  };
  const thisYear = change(0);
  const lastYear = change(-YEAR);
  return thisYear && lastYear ? sameSlope(thisYear, lastYear) : null;
}

/**
 * A level shift smaller than MIN_SEASONAL_LOG (a yearly wave read by a piecewise model bends into small shifts) is
 * the season's when the same weeks a year earlier moved the same way, clearly, by as much within the noise. Each
 * move is the two weeks from the date against the four weeks before (whole weeks, so the weekday pattern cancels):
 * last year's the project total's; this year's (`thisYear`) the total's own, or a segment's shift (a season moves
 * the whole site). The standard error is the shift's own daily noise (change ÷ effect size, relative to the level)
 * over those days, so a noisy segment needs a clearer move a year back. On the report bench's shop, a channel's
 * conversions rising 9 % with the yearly wave (1.8 times their daily noise) read as news.
 */
function smallShiftInSeason(
  f: Dated,
  thisYear: number | null,
  lastYear: number | null,
  after: number,
): SeasonLabel | null {
  const effectSize = (f as Dated & { effectSize?: number }).effectSize;
  if (typeof effectSize !== "number" || effectSize === 0 || f.change === null || !(f.baseline! > 0)) return null;
  const noise = Math.abs(f.change / effectSize) / f.baseline!;
  if (thisYear === null || lastYear === null) return null;
  const se = noise * Math.sqrt(1 / after + 1 / BEFORE_DAYS);
  const ly = Math.log(lastYear);
  const ty = Math.log(thisYear);
  if (Math.abs(ly) < SLOPE_Z * se || Math.sign(ly) !== Math.sign(ty)) return null;
  if (Math.abs(ty - ly) > SEASON_Z * Math.SQRT2 * se) return null;
  // Not a move to quote beside the shift: a piecewise fit can read a bend as a shift the other way.
  return { expected: true, lastYearChangePct: lastYear - 1, sameCourse: true };
}

/**
 * A stretch (a level that came back: stretches.ts) is the season's when the same weeks a year earlier stood above (or
 * below) the weeks around them as much, within the noise: a yearly wave's crest read over 86 days is a hump a line
 * cannot follow, and a site of 1,500 visits a day with a season of ±15 % had "Sessions for Device “desktop” shifted
 * from about 867 to 906 a day from Sep 24, 2026 (before this period) to Nov 14, 2026 (+4.5%) … then came back"
 * (p = 1.2·10⁻⁵), as the same weeks had the year before. Last year's is the project total's: the stretch's whole
 * weeks against the four weeks before it and the two after it (those after alone where the history read does not
 * reach the weeks before); this year's, the stretch's level against the mean of its levels before and after.
 */
function stretchInSeason(ctx: EngineContext, f: Dated): SeasonLabel | null {
  const { until, backTo } = f as Dated & { until?: string; backTo?: number };
  if (f.kind !== "level_shift" || !until || typeof f.date !== "string" || f.baseline === null) return null;
  const weeks = Math.floor((dayNumber(until) - dayNumber(f.date) + 1) / 7);
  if (weeks < 1) return null;
  const from = addDays(f.date, -YEAR);
  const inside = mean(ctx, f.metric, from, addDays(from, 7 * weeks - 1));
  const before = mean(ctx, f.metric, addDays(from, -BEFORE_DAYS), addDays(from, -1));
  const after = mean(ctx, f.metric, addDays(until, 1 - YEAR), addDays(until, AFTER_DAYS - YEAR));
  // The weeks before it a year back may lie before the history a report reads: the weeks after it alone then.
  const sides = [
    [before, BEFORE_DAYS],
    [after, AFTER_DAYS],
  ].filter((x): x is [number, number] => x[0] !== null);
  if (sides.length === 0) return null;
  const aroundDays = sides.reduce((n, [, days]) => n + days, 0);
  const lastYear = ratio(inside, sides.reduce((sum, [value, days]) => sum + value * days, 0) / aroundDays);
  const thisYear = ratio(f.current, typeof backTo === "number" ? (f.baseline + backTo) / 2 : f.baseline);
  const effectSize = (f as Dated & { effectSize?: number }).effectSize;
  if (lastYear === null || thisYear === null || typeof effectSize !== "number" || effectSize === 0 || !f.change)
    return null;
  const se =
    (Math.abs(f.change / effectSize) / f.baseline) * Math.sqrt(1 / (7 * weeks) + 1 / (BEFORE_DAYS + AFTER_DAYS));
  const ly = Math.log(lastYear);
  const ty = Math.log(thisYear);
  if (Math.abs(ly) < SLOPE_Z * se || Math.sign(ly) !== Math.sign(ty)) return null;
  if (Math.abs(ty - ly) > SEASON_Z * Math.SQRT2 * se) return null;
  return { expected: true, lastYearChangePct: lastYear - 1, sameCourse: true };
}

/**
 * Last year's move for a level shift dated `at` a year back. A shift's date is uncertain by days (a small segment's
 * step into the season is often found a few days after the season began, when its noise allowed), so the moves
 * from up to SHIFT_DATE_SLACK days either side are read and the one nearest this year's is taken; the date itself
 * wins ties. The match must still hold in size and sign (seasonFor).
 */
function seasonMoveNear(
  ctx: EngineContext,
  metric: string,
  at: string,
  thisYear: number | null,
  after: number,
): number | null {
  const onTheDay = weeksMove(ctx, metric, at, after);
  if (thisYear === null || !(thisYear > 0)) return onTheDay;
  let best = onTheDay;
  for (let k = 1; k <= SHIFT_DATE_SLACK; k++)
    for (const d of [addDays(at, -k), addDays(at, k)]) {
      const move = weeksMove(ctx, metric, d, after);
      if (move === null || !(move > 0)) continue;
      if (best === null || Math.abs(Math.log(move / thisYear)) < Math.abs(Math.log(best / thisYear))) best = move;
    }
  return best;
}

/**
 * Standard error of a level shift's log ratio: its daily noise relative to the level, over `after` days after it and
 * BEFORE_DAYS before.
 */
function shiftLogSe(f: Dated, after: number): number {
  const effectSize = (f as Dated & { effectSize?: number }).effectSize;
  if (f.kind !== "level_shift" || typeof effectSize !== "number" || effectSize === 0 || f.change === null) return 0;
  if (!(f.baseline! > 0)) return 0;
  return (Math.abs(f.change / effectSize) / f.baseline!) * Math.sqrt(1 / after + 1 / BEFORE_DAYS);
}

/**
 * The days a level shift's new level is known for, up to AFTER_DAYS: from its date to the period's end (or its
 * stretch's last day). Last year's move is read over as many days from the same date: a Black Friday week in the data's
 * last 8 days (+79 %) was held to two weeks of last year's (the week at +80 % and an ordinary one: +40 %) and told as
 * news ("Sessions shifted from about 1,764 to 3,154 a day on Nov 23"), where last year's same 8 days rose as much.
 */
function daysAfter(ctx: EngineContext, f: Dated, date: string): number {
  const until = (f as Dated & { until?: string }).until;
  const end = until && until < ctx.window.periodEnd ? until : ctx.window.periodEnd;
  return Math.max(1, Math.min(AFTER_DAYS, dayNumber(end) - dayNumber(date) + 1));
}

/**
 * The total's move around `at`: the `after` days from it (two weeks at most: daysAfter) against the four weeks before.
 * Once per report, metric, date and span: every segment's shift near a date reads the moves of the fortnight around it
 * (seasonMoveNear).
 */
function weeksMove(ctx: EngineContext, metric: string, at: string, after: number): number | null {
  let cache = moveCache.get(ctx);
  if (!cache) moveCache.set(ctx, (cache = new Map()));
  const key = `${metric} ${at} ${after}`;
  let move = cache.get(key);
  if (move === undefined) {
    move = ratio(
      mean(ctx, metric, at, addDays(at, after - 1)),
      mean(ctx, metric, addDays(at, -BEFORE_DAYS), addDays(at, -1)),
    );
    cache.set(key, move);
  }
  return move;
}

const moveCache = new WeakMap<EngineContext, Map<string, number | null>>();

function weekdayMean(ctx: EngineContext, metric: string, date: string): number | null {
  const total = runningTotal(ctx, metric);
  return weekdayMeanAt(total, dayNumber(date) - total.first);
}

/** The mean of day k's weekday over the four weeks before it (day indices of `total`). */
function weekdayMeanAt(total: RunningTotal, k: number): number | null {
  let sum = 0;
  for (let week = 1; week <= 4; week++) {
    const v = meanAt(total, k - 7 * week, k - 7 * week);
    if (v === null) return null;
    sum += v;
  }
  return sum / 4;
}

/** The same calendar date a year earlier (February 29: the 28th). */
function sameDateLastYear(date: string): string {
  const md = date.slice(5) === "02-29" ? "02-28" : date.slice(5);
  return `${String(Number(date.slice(0, 4)) - 1).padStart(4, "0")}-${md}`;
}

/**
 * The total's day-to-day noise around a day (log scale): the robust σ (MAD) of the NOISE_DAYS days before it, each
 * against its weekday's mean; 0 when too few of those days are known (no noise can be told apart then).
 */
function dayNoise(ctx: EngineContext, metric: string, date: string): number {
  // Every segment's day of a date reads the same total's noise: measured once per report, metric and date.
  let cache = noiseCache.get(ctx);
  if (!cache) noiseCache.set(ctx, (cache = new Map()));
  const key = `${metric} ${date}`;
  let noise = cache.get(key);
  if (noise === undefined) cache.set(key, (noise = measureDayNoise(ctx, metric, date)));
  return noise;
}

const noiseCache = new WeakMap<EngineContext, Map<string, number>>();

function measureDayNoise(ctx: EngineContext, metric: string, date: string): number {
  // By day index: a report measures hundreds of dates' noise, each from 28 days of five means.
  const total = runningTotal(ctx, metric);
  const at = dayNumber(date) - total.first;
  const logs: number[] = [];
  for (let k = 1; k <= NOISE_DAYS; k++) {
    const r = dayAgainstWeekdaysAt(total, at - k);
    if (r !== null) logs.push(Math.log(r));
  }
  return logs.length < NOISE_DAYS / 2 ? 0 : robustSigma(logs);
}

/** One day of the total against the mean of the same weekday over the four weeks before it. */
function dayAgainstWeekdays(ctx: EngineContext, metric: string, date: string): number | null {
  const total = runningTotal(ctx, metric);
  return dayAgainstWeekdaysAt(total, dayNumber(date) - total.first);
}

function dayAgainstWeekdaysAt(total: RunningTotal, k: number): number | null {
  return ratio(meanAt(total, k, k), weekdayMeanAt(total, k));
}

/** Mean daily value of the project total over [from, to]; null unless every day is known. */
function mean(ctx: EngineContext, metric: string, from: string, to: string): number | null {
  const total = runningTotal(ctx, metric);
  return meanAt(total, dayNumber(from) - total.first, dayNumber(to) - total.first);
}

/** `mean` over the day indices [i, j] of `total` (0: the history's first day). */
function meanAt(total: RunningTotal, i: number, j: number): number | null {
  if (i < 0 || j < i) return null;
  if (j >= total.unknown.length - 1) return null;
  if (total.unknown[j + 1] - total.unknown[i] > 0) return null;
  return (total.sums[j + 1] - total.sums[i]) / (j - i + 1);
}

interface RunningTotal {
  /** Day number of the history's first day. */
  first: number;
  /** sums[k]: the total of the first k days; unknown[k]: how many of them are unknown. */
  sums: Float64Array;
  unknown: Int32Array;
}

/**
 * The project total's running sums from the history's start to the period's end, once per report and metric: every
 * candidate of the report (hundreds of segments' days and shifts, before the FDR control) reads the total's means
 * over weeks around its date, and reading them from the series each time was a fifth of the engine's time.
 */
function runningTotal(ctx: EngineContext, metric: string): RunningTotal {
  let byMetric = runningTotals.get(ctx);
  if (!byMetric) runningTotals.set(ctx, (byMetric = new Map()));
  let total = byMetric.get(metric);
  if (!total) {
    const points = ctx.data.series(metric, ctx.window.historyStart, ctx.window.periodEnd);
    const sums = new Float64Array(points.length + 1);
    const unknown = new Int32Array(points.length + 1);
    points.forEach((p, k) => {
      sums[k + 1] = sums[k] + (p.value ?? 0);
      unknown[k + 1] = unknown[k] + (p.value === null ? 1 : 0);
    });
    total = { first: dayNumber(ctx.window.historyStart), sums, unknown };
    byMetric.set(metric, total);
  }
  return total;
}

const runningTotals = new WeakMap<EngineContext, Map<string, RunningTotal>>();

function ratio(a: number | null | undefined, b: number | null | undefined): number | null {
  return a === null || a === undefined || b === null || b === undefined || !(a > 0) || !(b > 0) ? null : a / b;
}
