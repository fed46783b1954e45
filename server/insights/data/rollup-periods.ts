import { addDays, dayNumber, dayOfWeek } from "@/lib/dates";

// How a period is read from the segment rollups (schema/daily-totals.ts): its whole four-week blocks from
// `observation_segment_four_weekly`, the whole ISO weeks around them from `observation_segment_weekly` and the few
// days at its edges from `observation_segment_daily`. Every day of the period is summed exactly once.

/** The Monday from which four-week blocks are counted (any Monday would do; it fixes where blocks start). */
export const BLOCK_EPOCH = "2000-01-03";
export const BLOCK_DAYS = 28;

/** The block holding `date`, as SQL over a date expression (the same arithmetic as `blockStart`). */
export function blockOfSql(date: string): string {
  return `(date '${BLOCK_EPOCH}' + floor((${date} - date '${BLOCK_EPOCH}') / ${BLOCK_DAYS}.0)::int * ${BLOCK_DAYS})`;
}

/** The first day (a Monday) of the four-week block holding `date`. */
export function blockStart(date: string): string {
  const offset = dayNumber(date) - dayNumber(BLOCK_EPOCH);
  return addDays(BLOCK_EPOCH, Math.floor(offset / BLOCK_DAYS) * BLOCK_DAYS);
}

/** The Monday of the ISO week holding `date` (what `date_trunc('week', date)` gives in SQL). */
export function weekStart(date: string): string {
  return addDays(date, -((dayOfWeek(date) + 6) % 7));
}

/** An empty date range, for a part of a period that has no days. */
const [NO_FROM, NO_TO] = ["2000-01-02", "2000-01-01"];

type WeekSplit = [string, string, string, string, string, string];

/**
 * A period as its whole ISO weeks (Monday to Sunday: the Mondays of the first and last) and the
 * days before and after them: [weekFrom, weekTo, daysFrom, daysTo, daysFrom, daysTo].
 */
export function splitIntoWeeks(from: string, to: string): WeekSplit {
  const monday = addDays(from, (8 - (dayOfWeek(from) || 7)) % 7);
  const sunday = addDays(to, -(dayOfWeek(to) % 7));
  if (addDays(monday, 6) > sunday) return [NO_FROM, NO_TO, from, to, NO_FROM, NO_TO];
  const [beforeFrom, beforeTo] = monday > from ? [from, addDays(monday, -1)] : [NO_FROM, NO_TO];
  const [afterFrom, afterTo] = sunday < to ? [addDays(sunday, 1), to] : [NO_FROM, NO_TO];
  return [monday, addDays(sunday, -6), beforeFrom, beforeTo, afterFrom, afterTo];
}

export interface RollupRanges {
  /** First and last block (their first days), inclusive; an empty range when none is whole. */
  blocks: [string, string];
  /** Two ranges of week Mondays (before and after the blocks), inclusive; either may be empty. */
  weeks: [string, string, string, string];
  /** Four ranges of days (around each run of weeks), inclusive; any may be empty. */
  days: [string, string, string, string, string, string, string, string];
}

const NO_WEEKS: WeekSplit = [NO_FROM, NO_TO, NO_FROM, NO_TO, NO_FROM, NO_TO];

/**
 * A period as whole four-week blocks, whole ISO weeks before and after them, and the edge days around those
 * weeks. A period without a whole block is read as weeks and days alone.
 */
export function splitIntoRollups(from: string, to: string): RollupRanges {
  let first = blockStart(from);
  if (first < from) first = addDays(first, BLOCK_DAYS);
  // The last block that ends by `to`: the one before the block holding the day after `to`.
  const last = addDays(blockStart(addDays(to, 1)), -BLOCK_DAYS);
  const whole = first <= last;
  const before = !whole ? splitIntoWeeks(from, to) : first > from ? splitIntoWeeks(from, addDays(first, -1)) : NO_WEEKS;
  const afterFrom = addDays(last, BLOCK_DAYS);
  const after = whole && afterFrom <= to ? splitIntoWeeks(afterFrom, to) : NO_WEEKS;
  return {
    blocks: whole ? [first, last] : [NO_FROM, NO_TO],
    weeks: [before[0], before[1], after[0], after[1]],
    days: [before[2], before[3], before[4], before[5], after[2], after[3], after[4], after[5]],
  };
}
