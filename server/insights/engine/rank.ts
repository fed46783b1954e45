import type { Finding } from "../types";
import { impactOf } from "./impact";
import type { EngineContext, IntentionOutcome } from "./types";

/** How many insights the Most Impactful group holds. */
export const MOST_IMPACTFUL = 5;

export type InsightGroup = "most_impactful" | "data_quality" | "other";

export interface RankedOutcome {
  outcome: IntentionOutcome;
  group: InsightGroup;
  impact: number;
  rank: number;
}

/**
 * Most Impactful: the significant, non-audit insights with the largest impact on the primary KPI
 * (impact.ts), top MOST_IMPACTFUL; ties go to the insight that names segments (drivers), then
 * to the catalogue order. Audit intentions form the Data Quality group; the rest are Other.
 * Ranks run through the groups in display order.
 */
export function rankOutcomes(ctx: EngineContext, outcomes: IntentionOutcome[]): RankedOutcome[] {
  const scored = outcomes.map((outcome, order) => ({ outcome, order, impact: impactOf(ctx, outcome) }));
  const names = (f: Finding[]) => f.some((x) => x.kind === "driver");
  const byImpact = (a: (typeof scored)[number], b: (typeof scored)[number]) =>
    b.impact - a.impact || Number(names(b.outcome.findings)) - Number(names(a.outcome.findings)) || a.order - b.order;
  const candidates = scored.filter((s) => s.outcome.intention.stage !== "audit" && s.outcome.findings.length > 0 && s.impact > 0).sort(byImpact);
  const top = new Set(candidates.slice(0, MOST_IMPACTFUL).map((s) => s.outcome));
  const groupOf = (s: (typeof scored)[number]): InsightGroup =>
    s.outcome.intention.stage === "audit" ? "data_quality" : top.has(s.outcome) ? "most_impactful" : "other";
  const order: InsightGroup[] = ["most_impactful", "data_quality", "other"];
  const sorted = [...scored].sort((a, b) => {
    const ga = order.indexOf(groupOf(a));
    const gb = order.indexOf(groupOf(b));
    if (ga !== gb) return ga - gb;
    // Inside a group: insights with findings first, then by impact.
    return Number(b.outcome.findings.length > 0) - Number(a.outcome.findings.length > 0) || byImpact(a, b);
  });
  return sorted.map((s, i) => ({ outcome: s.outcome, group: groupOf(s), impact: s.impact, rank: i + 1 }));
}
