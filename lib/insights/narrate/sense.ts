import { METRICS } from "@/lib/insights/metrics";
import { changeIsNews } from "@/lib/insights/season";
import type { Direction } from "../finding";
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

/** True for metrics where a fall is good news (CPC, CPA, position); not for spend (isSpend). */
export function downIsGood(metric: string): boolean {
  return !isSpend(metric) && METRICS.find((m) => m.key === metric)?.higherIsBetter === false;
}

/** Whether a move of `metric` in `direction` is good news; null without a direction, and for spend. */
export function isGoodNews(metric: string, direction: Direction | null): boolean | null {
  if (direction === null || isSpend(metric)) return null;
  return downIsGood(metric) ? direction === "down" : direction === "up";
}

/** What the UI colours a finding by: "good" (green), "bad" (red) or "neutral" (audit, no direction). */
export function findingSentiment(f: Finding): "good" | "bad" | "neutral" {
  if (f.kind === "audit") return "bad";
  // A move its own test found inside the day-to-day variation (the competition's visibility) is no news either way.
  if ((f as Finding & { withinVariation?: boolean }).withinVariation) return "neutral";
  // Nor is a move the season predicts, or one that fell short of the season's (a smaller rise than last year's).
  if (!changeIsNews(f)) return "neutral";
  const good = isGoodNews(f.metric, f.direction);
  return good === null ? "neutral" : good ? "good" : "bad";
}
