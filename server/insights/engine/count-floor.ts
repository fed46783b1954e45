import type { PartKey } from "../data/parts";
import { ENGINE_CONFIG } from "../config";

// How many events a day a series needs before its days or its level can be judged: below that, daily counts are
// discrete and skewed, and a σ estimated from them (robust or not) is too small.

/**
 * A series needs this many events a day to be judged day by day against a t interval: below it, daily counts are so
 * discrete and skewed (a segment with 3 orders a day, its revenue a sum of 3 baskets; a site with a lead every fourth
 * day) that a robust σ understates their spread (it is 0 when most days have none) and that test floods with false
 * alarms. A count below it is judged as a count (MIN_COUNT_PER_DAY_COUNTED); money below it is not judged by day.
 */
export const MIN_COUNT_PER_DAY = ENGINE_CONFIG.minEventsForDays;
/**
 * From this many events a day to MIN_COUNT_PER_DAY, a count's days are judged as counts (a Poisson count whose rate
 * wanders: detectors/count-days.ts) instead of against a t interval: spam leads in a channel of 9 a day are its day.
 * Below it most days are 0, 1 or 2, and only a change that lasts can be told from chance.
 */
export const MIN_COUNT_PER_DAY_COUNTED = 3;
/**
 * A level shift pools every day after it, so the discreteness of small daily counts averages out:
 * a channel with 6 orders a day that loses a third of them for two weeks is a clear shift although
 * no single day of it is unusual.
 */
export const MIN_COUNT_PER_DAY_SHIFTS = ENGINE_CONFIG.minEventsForShifts;

/** Money is judged through the count it is made of: revenue through orders, cost through clicks. */
export const COUNT_BEHIND: Partial<Record<PartKey, PartKey[]>> = {
  revenue: ["transactions", "conversions"],
  cost: ["clicks"],
  wonValue: ["dealsWon"],
  orderRevenue: ["storeOrders"],
};
