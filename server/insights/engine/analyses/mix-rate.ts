import { PART_INDEX, type PartKey } from "../../data/parts";
import { segmentSeries, type DayFilter, type SegmentDailySeries } from "../../data/segment-daily";
import { addDays, dayOfWeek } from "@/lib/dates";

// Mix against rate for a segment's finding on an outcome (conversions, leads, transactions,
// revenue): did the segment lose visitors, or convert them worse? And on clicks: did it lose impressions, or its
// click-through rate (a query whose position held while a search feature took its clicks)? And on an ad's cost: did
// it buy more clicks, or pay more for each? With S sessions and a rate
// r = Y / S a day, before (0) and at the finding (1):
//   Y₁ − Y₀ = (S₁ − S₀)·r₀  +  S₁·(r₁ − r₀)
//             traffic          rate
// an exact split (no residual term), scaled to the finding's own change so the two parts add up
// to the number the sentence states. The "before" level is weekday-matched: each day at the finding
// is compared with the same weekday in the four weeks before, so a one-day anomaly on a busy Tuesday
// is not read as a traffic rise against an average of all seven weekdays. Revenue, where the segment records orders,
// splits its rate once more, into the conversion rate and the order value (MixRate.valueEffect).

export interface MixRate {
  volumeMetric: PartKey;
  /** The part of the finding's change that traffic explains (outcome units). */
  volumeEffect: number;
  /** The part the rate explains. */
  rateEffect: number;
  rateBefore: number;
  rateAfter: number;
  volumeChangePct: number | null;
  /**
   * Revenue, where the segment records its orders: the rate's part split again into the conversion rate (orders per
   * session: `rateEffect`, `rateBefore`, `rateAfter`) and the order value (revenue per order: these). "One large
   * order" and "more buyers" are different news; revenue per session told both as "€1.58 → €5.81 per session".
   */
  valueEffect?: number;
  valueBefore?: number;
  valueAfter?: number;
}

/**
 * What each metric is split against, the first its segment's source has: an outcome against sessions (analytics),
 * else clicks (an ads export); clicks against impressions (a query, an ad); an ad's cost against its clicks.
 */
const OUTCOME_VOLUMES: readonly PartKey[] = ["sessions", "clicks"];
const VOLUMES: Partial<Record<PartKey, readonly PartKey[]>> = {
  conversions: OUTCOME_VOLUMES,
  leads: OUTCOME_VOLUMES,
  transactions: OUTCOME_VOLUMES,
  revenue: OUTCOME_VOLUMES,
  clicks: ["impressions"],
  cost: ["clicks"],
};
/** Days before the finding that set the "before" level: four weeks, every weekday four times. */
const BEFORE_DAYS = 28;

export function mixAndRate(
  s: SegmentDailySeries,
  metric: PartKey,
  finding: { date: string; change: number | null },
  afterEnd: string,
  excluded: DayFilter,
): MixRate | null {
  if (!finding.change) return null;
  const has = (part: PartKey) => [...s.days.values()].some((v) => v[PART_INDEX[part]] !== null);
  const volumeMetric = VOLUMES[metric]?.find(has) ?? null;
  if (volumeMetric === null) return null;
  const beforeFrom = addDays(finding.date, -BEFORE_DAYS);
  const beforeTo = addDays(finding.date, -1);
  const known = (part: PartKey, from: string, to: string) =>
    segmentSeries(s, part, from, to, excluded).filter((p): p is { date: string; value: number } => p.value !== null);
  const mean = (values: readonly number[]) =>
    values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
  /** The level before the finding for the weekdays of the days at it: per day at it, its weekday's mean before. */
  const before = (part: PartKey, after: readonly { date: string }[]) => {
    const points = known(part, beforeFrom, beforeTo);
    const all = mean(points.map((p) => p.value));
    const byWeekday = Array.from({ length: 7 }, (_, d) =>
      mean(points.filter((p) => dayOfWeek(p.date) === d).map((p) => p.value)),
    );
    return all === null || after.length === 0 ? null : mean(after.map((p) => byWeekday[dayOfWeek(p.date)] ?? all));
  };
  const volumeAfter = known(volumeMetric, finding.date, afterEnd);
  const outcomeAfter = known(metric, finding.date, afterEnd);
  const s0 = before(volumeMetric, volumeAfter);
  const y0 = before(metric, outcomeAfter);
  const s1 = mean(volumeAfter.map((p) => p.value));
  const y1 = mean(outcomeAfter.map((p) => p.value));
  if (s0 === null || y0 === null || s1 === null || y1 === null || !(s0 > 0) || !(s1 > 0)) return null;
  const r0 = y0 / s0;
  const r1 = y1 / s1;
  const volume = (s1 - s0) * r0;
  const rate = s1 * (r1 - r0);
  const total = volume + rate;
  if (total === 0) return null;
  const scale = finding.change / total;
  const split: MixRate = {
    volumeMetric,
    volumeEffect: volume * scale,
    rateEffect: rate * scale,
    rateBefore: r0,
    rateAfter: r1,
    volumeChangePct: (s1 - s0) / s0,
  };
  if (metric !== "revenue" || !has("transactions")) return split;
  // Y = S·c·A (sessions, orders per session, revenue per order): the rate's part S₁·(r₁ − r₀) is exactly
  // S₁·(c₁ − c₀)·A₀ + S₁·c₁·(A₁ − A₀).
  const ordersAfter = known("transactions", finding.date, afterEnd);
  const t0 = before("transactions", ordersAfter);
  const t1 = mean(ordersAfter.map((p) => p.value));
  if (t0 === null || t1 === null || !(t0 > 0) || !(t1 > 0)) return split;
  const c0 = t0 / s0;
  const c1 = t1 / s1;
  const a0 = y0 / t0;
  const a1 = y1 / t1;
  return {
    ...split,
    rateEffect: s1 * (c1 - c0) * a0 * scale,
    rateBefore: c0,
    rateAfter: c1,
    valueEffect: s1 * c1 * (a1 - a0) * scale,
    valueBefore: a0,
    valueAfter: a1,
  };
}
