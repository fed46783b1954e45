import { normalQuantile, normalSurvival } from "./distributions";

// Expected seasonality is not news. A period compared with the one before it (not with last year) moves with the
// season — December against November — and that move is expected. When the data has the same two periods a year
// earlier (364 days back: the same weekdays), last year's ratio between them is the season's prediction: expected
// current = baseline × (last year's current / last year's baseline). A change inside its own confidence interval
// around that prediction (widened by √2 for last year's noise) is expected. Shared by the engine's period changes
// (engine/analyses/seasonal-expectation.ts) and the report's headline figures (services/reports/report-kpis.ts), so
// the header and the insights agree.

export interface SeasonPrediction {
  /** The current total the season predicts. */
  expectedCurrent: number;
  /** Last year's change between the same two periods (fraction). */
  lastYearChangePct: number;
  /** current − expectedCurrent: how far the change went past the season, as its sentence tells it. */
  beyond: number;
  /** True when the change is within its confidence interval around the seasonal prediction. */
  expected: boolean;
  /**
   * The two-sided p-value of the part beyond the prediction (current − expectedCurrent over the same widened standard
   * error): the evidence that the change is more than the season, which a report holds to its own bar
   * (`expectedAtBar`).
   */
  pValue: number;
}

/** Days between a period and the same weekdays a year earlier. */
export const SEASON_YEAR_DAYS = 364;

/**
 * The season's prediction for a tested change (its totals, and the expected range of its test around the baseline)
 * from the same two periods' totals a year earlier; null when last year's totals are unknown or not positive.
 */
export function seasonPrediction(
  change: {
    current: number | null;
    baseline: number | null;
    change: number | null;
    expectedHigh: number | null;
    confidence?: number;
  },
  lastYear: { current: number | null; baseline: number | null },
): SeasonPrediction | null {
  const { current, baseline } = change;
  if (current === null || baseline === null) return null;
  if (lastYear.current === null || lastYear.baseline === null) return null;
  if (!(lastYear.baseline > 0) || !(lastYear.current > 0)) return null;
  const ratio = lastYear.current / lastYear.baseline;
  const expectedCurrent = baseline * ratio;
  // The prediction carries last year's day-to-day noise as well as this year's: about as much again, so the two
  // differ by √2 times the change's own interval in the ordinary course.
  const halfWidth =
    (change.expectedHigh !== null ? change.expectedHigh - baseline : Math.abs(change.change ?? 0) / 2) * Math.SQRT2;
  // The interval is a t's, whose quantile is the normal's at the least: read as a normal's, the standard error is
  // taken no smaller than it is.
  const se = halfWidth / normalQuantile(1 - (1 - (change.confidence ?? 0.95)) / 2);
  const beyond = Math.abs(current - expectedCurrent);
  return {
    expectedCurrent,
    lastYearChangePct: ratio - 1,
    beyond: current - expectedCurrent,
    expected: beyond <= halfWidth,
    pValue: se > 0 ? Math.min(1, 2 * normalSurvival(beyond / se)) : beyond > 0 ? 0 : 1,
  };
}

/**
 * A prediction as a report reads it: expected too when the part beyond it does not pass the report's bar (`threshold`,
 * the p-value its news is held to). At 95 % alone, one seasonal change in twenty read as news: a noise shop with a
 * season, +18.3 % in transactions where the same weeks last year moved +5.1 % (the season was +11 % both years),
 * "significant" at p = 3·10⁻⁵ for the change, though 155 orders beyond the season was p = 0.01.
 */
export function expectedAtBar<T extends SeasonPrediction>(prediction: T, threshold: number): T {
  return prediction.expected || prediction.pValue <= threshold ? prediction : { ...prediction, expected: true };
}
