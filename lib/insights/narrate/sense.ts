import { METRICS, findMetric } from "@/lib/insights/metrics";
import { changeIsNews } from "@/lib/insights/season";
import type { Direction, Results } from "../finding";
import type { LegacyFinding as Finding } from "./legacy-fields";

// Which way is good news. For most metrics up is good; for cost per click, cost per conversion and
// average position (a larger number is a worse rank) down is good, so a fall must not be worded or
// coloured as bad news. Read from the metric catalogue's `higherIsBetter`; ad spend has no sense.

/**
 * Ad spend (Google Ads' cost, Meta's amount spent, an ads CSV's cost: all the `cost` metric) is how much was bought,
 * not how well: a fall is a budget cut, a pause or a campaign that stopped serving as often as a saving, and a rise
 * more reach as often as waste. Its move is neither good nor bad news by itself; a cost per result (CPC, CPA) says
 * whether the spend went further. The catalogue keeps `higherIsBetter: false` for cost: a rise of it lowers the KPI's
 * return (engine/impact.ts), which is not the same as a fall being good news.
 */
const SPEND: ReadonlySet<string> = new Set(["cost"]);

/** True for ad spend, whose move carries no good or bad sense of its own. */
export function isSpend(metric: string): boolean {
  return SPEND.has(metric);
}

/** A cost per result: ad spend over what it bought (cost per click, cost per conversion). */
export function isCostPerResult(metric: string): boolean {
  const m = findMetric(metric);
  return m?.kind === "ratio" && m.numerator === "cost";
}

/**
 * Results that moved by less than this share over the finding's two spans held. A cost per click 17 % lower for
 * clicks 3 % fewer bought about the same for less; for clicks 40 % fewer it bought less.
 */
export const RESULTS_HELD_SHARE = 0.05;

/**
 * Whether a cost per result moved with its results: cheaper while they fell, dearer while they rose (ADR 0033). A
 * budget cut or a campaign winding down drops its dearest auctions first and buys fewer, cheaper clicks; a larger
 * budget buys more, dearer ones. That is how much was bought, as spend's move is, not how well: neither good nor bad
 * news by itself. Only a cost per result whose results held (or went the other way) says the spend went further.
 */
export function movedWithResults(
  metric: string,
  direction: Direction | null,
  results: Pick<Results, "changePct"> | null | undefined,
): boolean {
  if (direction === null || !results || results.changePct === null || !isCostPerResult(metric)) return false;
  return direction === "down" ? results.changePct <= -RESULTS_HELD_SHARE : results.changePct >= RESULTS_HELD_SHARE;
}

/** True for metrics where a fall is good news (CPC, CPA, position); not for spend (isSpend). */
export function downIsGood(metric: string): boolean {
  return !isSpend(metric) && METRICS.find((m) => m.key === metric)?.higherIsBetter === false;
}

/**
 * Whether a move of `metric` in `direction` is good news; null without a direction, for spend, and for a cost per
 * result that moved with its `results` (movedWithResults).
 */
export function isGoodNews(
  metric: string,
  direction: Direction | null,
  results?: Pick<Results, "changePct"> | null,
): boolean | null {
  if (direction === null || isSpend(metric) || movedWithResults(metric, direction, results)) return null;
  return downIsGood(metric) ? direction === "down" : direction === "up";
}

/** What the UI colours a finding by: "good" (green), "bad" (red) or "neutral" (audit, no direction). */
export function findingSentiment(f: Finding): "good" | "bad" | "neutral" {
  if (f.kind === "audit") return "bad";
  // A move its own test found inside the day-to-day variation (the competition's visibility) is no news either way.
  if ((f as Finding & { withinVariation?: boolean }).withinVariation) return "neutral";
  // Nor is a move the season predicts, or one that fell short of the season's (a smaller rise than last year's).
  if (!changeIsNews(f)) return "neutral";
  const good = isGoodNews(f.metric, f.direction, (f as Finding & { results?: Results }).results);
  return good === null ? "neutral" : good ? "good" : "bad";
}
