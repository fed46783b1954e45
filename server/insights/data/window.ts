import { addDays, comparisonRange, daysBetween, type CompareTo } from "@/lib/dates";

/** Days of history before the period end a report reads: a year and a month, so a year-ago week
 *  and its trailing window are there when the data has them (yearly seasonality). */
export const HISTORY_DAYS = 400;

export interface ReportWindow {
  periodStart: string;
  periodEnd: string;
  compareTo: CompareTo;
  comparisonStart: string;
  comparisonEnd: string;
  /** First day read for baselines (the earlier of the comparison start and periodEnd − 400 days). */
  historyStart: string;
  periodDays: number;
}

export function reportWindow(periodStart: string, periodEnd: string, compareTo: CompareTo): ReportWindow {
  const comparison = comparisonRange(periodStart, periodEnd, compareTo);
  // Also last year's comparison period, so a change against the previous period can be compared
  // with what the season did a year earlier (engine/analyses/seasonal-expectation.ts).
  const lastYear = addDays(comparison.start, -364);
  const history = lastYear < addDays(periodEnd, -HISTORY_DAYS) ? lastYear : addDays(periodEnd, -HISTORY_DAYS);
  return {
    periodStart,
    periodEnd,
    compareTo,
    comparisonStart: comparison.start,
    comparisonEnd: comparison.end,
    historyStart: comparison.start < history ? comparison.start : history,
    periodDays: daysBetween(periodStart, periodEnd),
  };
}
