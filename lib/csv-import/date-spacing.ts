import { dayNumber } from "../dates";

/** Fewer distinct dates than this say nothing about a file's grain (three days of a small campaign may be apart). */
const MIN_DATES = 4;

export interface CoarseDates {
  /** How the dates are spaced, in words: "a week", "a month", "7 days or more". */
  apart: string;
  /** The first few dates, for the message. */
  examples: string[];
}

/**
 * A file whose distinct dates are all at least a week apart holds weeks or months, not days (a GA "Week" or
 * "Month" export with its column read as a date): each row's total would be read as one day's, and the days between
 * as missing. Null for daily data, however sparse (a small campaign's rows on some days only).
 */
export function coarseDates(dates: Iterable<string>): CoarseDates | null {
  const sorted = [...new Set(dates)].sort();
  if (sorted.length < MIN_DATES) return null;
  const gaps = sorted.slice(1).map((d, i) => dayNumber(d) - dayNumber(sorted[i]));
  if (gaps.some((g) => g < 7)) return null;
  const apart = gaps.every((g) => g === 7)
    ? "a week"
    : gaps.every((g) => g >= 28 && g <= 31)
      ? "a month"
      : "7 days or more";
  return { apart, examples: sorted.slice(0, 3) };
}
