// The one place that reads a stored finding (server/insights/types.ts `Finding` and the detectors' extra fields, as
// the insights.findings jsonb holds them): every property reads this view, so moving the checker to another finding
// shape (the zod union of lib/insights/finding.ts) means changing this file alone.

export interface Segment {
  dimension: string;
  value: string;
}

/**
 * What a finding claims, by shape:
 * - `day`: one day's value against its expected value (an anomaly);
 * - `step`: a level from `date` on, against the level before it (a level shift, a stretch until `until`);
 * - `trendRate`: a growth rate over [from, to]; `trendChange`: a slope from `date` on against the slope before it;
 * - `period`: a period's total (or ratio) against the comparison period's;
 * - `driver`, `funnel`, `audit` and `other` (competitors, split tests) are checked by their own properties only.
 */
export type FindingShape =
  "day" | "step" | "trendRate" | "trendChange" | "period" | "driver" | "funnel" | "audit" | "other";

export interface FindingView {
  shape: FindingShape;
  kind: string;
  metric: string;
  segment: Segment | null;
  direction: "up" | "down" | null;
  /** The dates the finding names: its period, and for a dated change its first day at the new level. */
  from: string;
  to: string;
  date: string | null;
  /** A level that came back: its last day at the new level. */
  until: string | null;
  /** The step came on one of the days from `earliest` to `date` (days set aside before it). */
  earliest: string | null;
  /** Only these weekdays moved (0 = Sunday): levels and range are theirs. */
  weekdays: number[] | null;
  /** The level before and from the change (a day's expected and actual value; a period's comparison and current). */
  before: number | null;
  after: number | null;
  /** What the finding's expected range is a range for, and the range. */
  expected: number | null;
  /** Other values the range may be centred on (a period change the season predicts). */
  expectedAlternatives: number[];
  low: number | null;
  high: number | null;
  /** The unit of levels and range: the metric's own, or growth rates (fractions per week or month). */
  unit: "metric" | "percent_per_week" | "percent_per_month";
  /** Whether levels are a day's (a level, a day) or a period's (a total over the period's days). */
  grain: "day" | "period";
  /** Told against a trend or a season ("below the trend it had been on"), not as a plain rise or fall. */
  relativeTo: "trend" | "season" | null;
  narrative: string | null;
  /** The stored object, for the properties that read every field (the text's numbers). */
  raw: Readonly<Record<string, unknown>>;
}

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
/** Like `num`, but keeps ±Infinity and NaN: the range property must see a range that is not finite. */
const anyNum = (v: unknown): number | null => (typeof v === "number" ? v : null);
const str = (v: unknown): string | null => (typeof v === "string" ? v : null);

const RELATIVE_TREND =
  /\b(the trend it had been on|(below|above|against) (its|the) trend|relative to (its|the) trend)\b/i;
const RELATIVE_SEASON = /\b(short of|beyond|below|above) (it|the season|the season's)\b|\bthe season alone predicts\b/i;

export function viewOf(stored: unknown): FindingView | null {
  if (!stored || typeof stored !== "object") return null;
  const f = stored as Record<string, unknown>;
  const kind = str(f.kind);
  const metric = str(f.metric);
  if (!kind || !metric) return null;
  const dimension = str(f.dimension);
  const value = str(f.dimensionValue);
  const narrative = str(f.narrative);
  const growth = f.valueUnit === "percent_per_week" || f.valueUnit === "percent_per_month";
  const weekdays = Array.isArray(f.weekdays) && f.weekdays.length > 0 ? (f.weekdays as number[]) : null;
  const season = f.season && typeof f.season === "object" ? (f.season as Record<string, unknown>) : null;
  const base: FindingView = {
    shape: "other",
    kind,
    metric,
    segment: dimension && value !== null ? { dimension, value } : null,
    direction: f.direction === "up" || f.direction === "down" ? f.direction : null,
    from: str(f.periodStart) ?? "",
    to: str(f.periodEnd) ?? "",
    date: str(f.date),
    until: str(f.until),
    earliest: str(f.earliestDate),
    weekdays,
    before: num(f.baseline),
    after: num(f.current),
    expected: num(f.baseline),
    expectedAlternatives: [],
    low: anyNum(f.expectedLow),
    high: anyNum(f.expectedHigh),
    unit: growth ? (f.valueUnit as FindingView["unit"]) : "metric",
    grain: "day",
    relativeTo:
      narrative && RELATIVE_TREND.test(narrative)
        ? "trend"
        : narrative && RELATIVE_SEASON.test(narrative)
          ? "season"
          : null,
    narrative,
    raw: f,
  };
  switch (kind) {
    case "anomaly":
      return {
        ...base,
        shape: "day",
        date: base.date ?? base.from,
        before: num(f.expected) ?? num(f.baseline),
        after: num(f.actual) ?? num(f.current),
        expected: num(f.expected) ?? num(f.baseline),
      };
    case "level_shift":
      return {
        ...base,
        shape: "step",
        date: base.date ?? base.from,
        before: weekdays ? num(f.weekdayBaseline) : base.before,
        after: weekdays ? num(f.weekdayCurrent) : base.after,
        expected: weekdays ? num(f.weekdayBaseline) : base.before,
        low: weekdays && f.weekdayExpectedLow !== undefined ? anyNum(f.weekdayExpectedLow) : base.low,
        high: weekdays && f.weekdayExpectedHigh !== undefined ? anyNum(f.weekdayExpectedHigh) : base.high,
      };
    case "trend":
      // A growth rate over the period (its rate and confidence interval), or a change of slope on a date.
      if (num(f.rate) !== null)
        return { ...base, shape: "trendRate", date: null, before: null, after: num(f.rate), expected: num(f.rate) };
      return { ...base, shape: "trendChange", date: base.date ?? base.from };
    case "change":
      return {
        ...base,
        shape: "period",
        grain: "period",
        expectedAlternatives: season && num(season.expectedCurrent) !== null ? [num(season.expectedCurrent)!] : [],
      };
    case "driver":
      return { ...base, shape: "driver", grain: "period", expected: null };
    case "funnel":
      return { ...base, shape: "funnel", grain: "period" };
    case "audit":
      return { ...base, shape: "audit", expected: null };
    default:
      return base;
  }
}
