// Every tunable of the insight engine, in one place (as linkedin/luminol's constants.py): what it does, and the bench
// run that set it (`npm run bench -- quality`, ADR 0021). A number that decides what a report says lives here or
// nowhere; modules read it from ENGINE_CONFIG, never from a copy of their own.

export const ENGINE_CONFIG = {
  // ---- The report-wide test ----
  /**
   * False discovery rate of the report: Benjamini-Hochberg over every test it ran (ADR 0006; quality bench,
   * q 0.05 → 0.10 doubled false findings).
   */
  fdr: 0.05,
  /** The level an expected range is drawn at (the band on a chart, the range in a sentence). */
  rangeConfidence: 0.95,

  // ---- The decomposition (model/) ----
  /** Known neighbours on either side the local level of a day is fitted from (two-sided; ADR 0006: 28 nearest). */
  levelNeighbours: 28,
  /** Bisquare robustness of the local level: residuals beyond this many noise scales get no weight. */
  robustScale: 4.685,
  /** Share of weekly ratios trimmed at each end when the weekday factors are read (ADR 0018: 20 %). */
  weekdayTrim: 0.2,
  /** Weeks of data before weekday factors are fitted at all; fewer, and every weekday is read as the same. */
  minWeeksForWeekdays: 3,
  /** Days of history a yearly factor needs around the same days a year earlier (52 weeks). */
  yearDays: 364,
  /** A year-earlier factor is kept where it differs from 1 by more than this many of its standard errors. */
  yearlyKeepSe: 2,
  /** Residuals clipped at this many scales when a series' noise is estimated (winsorised, 90 % efficient). */
  noiseClip: 2.5,
  /** Degrees of freedom of a noise estimate per residual (ADR 0006 measured 0.9 × 0.6 on 1.08 million noise days). */
  noiseEfficiency: 0.54,

  // ---- Outlier days (detect/outlier-day.ts) ----
  /** Expected count below which a day is not judged alone (too discrete: a day of 1 lead is no news). */
  minExpectedForDay: 3,
  /**
   * A segment's count joins its pool's moderated noise (model/pooled-noise.ts, ADR 0018) when its expected value
   * averages at least this a day; fewer keep the exact negative binomial (v2's floor for a t on a segment's days, ADR
   * 0006: below it a skewed count's σ-based interval is over-confident).
   */
  minPooledDayCount: 10,
  /** An amount (revenue, cost) is judged day by day only when at most this share of its days are 0 (a few orders). */
  maxZeroShare: 0.1,
  /**
   * Money is judged through the count it is made of (revenue through orders, cost through clicks: count-floor.ts):
   * its days one by one only when that count averages this many a day. Below it a day is a sum of a few baskets of
   * any size and a log-normal σ fitted to it is too small: v3's shop noise twins had 2.0 false findings each, nearly
   * all "anomaly revenue Display/Email" (quality bench, session 6; v2's floor, engine/count-floor.ts, since ADR 0006).
   */
  minEventsForDays: 10,
  /** The same floor for a level shift of money, which pools every day after it (count-floor.ts). */
  minEventsForShifts: 3,

  // ---- The change-point search (detect/change-points/) ----
  /** Fewest periods between two change points (ruptures' min_size): a week of days, 3 weeks, 3 months. */
  minSegment: { day: 7, week: 3, month: 3 },
  /** PELT's penalty per change point on the likelihood-ratio scale, times ln(n) (BIC is 1 per parameter). */
  penaltyPerLogN: 2,
  /** A pulse: a new level that comes back within this many periods to where it was. */
  maxPulse: { day: 28, week: 8, month: 4 },
  /** Levels within this many standard errors are "back to where it was" (a pulse's end). */
  backToSe: 2,
  /**
   * Periods either side of a slope change its stated growth rates are read over: as many before it as after it, within
   * these (the finding checker reads the same days: quality/properties/direction.ts).
   */
  trendChangeDays: { min: 14, max: 28 },
  /** Expected count below which a level is read as none (a stop, or a start from nothing). */
  zeroLevel: 0.5,

  // ---- Frozen and impossible values (audit/) ----
  /** Fewest repeats of one value before a run is judged as frozen tracking. */
  minFrozenRun: 4,
  /** A run is frozen when the noise model gives it less than this chance (it is a rule, outside the FDR). */
  frozenP: 1e-6,
  /** Known days before a run of zeros whose mean is the level a count's Poisson chance of none is read at. */
  frozenLevelDays: 28,

  // ---- Composition ----
  /** Findings an insight holds at most (its evidence table and sentences). */
  maxFindingsPerInsight: 12,
  /** Sentences an insight's summary tells at most. */
  maxSentences: 4,
} as const;

export type EngineConfig = typeof ENGINE_CONFIG;
