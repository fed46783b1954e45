import { METRICS } from "@/lib/insights/metrics";
import { changeIsNews } from "@/lib/insights/season";
import type { Direction } from "../finding";
import type { LegacyFinding as Finding } from "./legacy-fields";

// Which way is good news. For most metrics up is good; for cost, cost per click, cost per
// conversion and average position (a larger number is a worse rank) down is good, so a fall must
// not be worded or coloured as bad news. Read from the metric catalogue's `higherIsBetter`.

/** True for metrics where a fall is good news (cost, CPC, CPA, position). */
export function downIsGood(metric: string): boolean {
  return METRICS.find((m) => m.key === metric)?.higherIsBetter === false;
}

/** Whether a move of `metric` in `direction` is good news; null without a direction. */
export function isGoodNews(metric: string, direction: Direction | null): boolean | null {
  if (direction === null) return null;
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
