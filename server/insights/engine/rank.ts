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

/** |share of the change| the first (largest) driver explains. */
function concentration(outcome: IntentionOutcome): number {
  const driver = outcome.findings.find((f) => f.kind === "driver") as
    (Finding & { shareOfChange?: number | null }) | undefined;
  return Math.abs(driver?.shareOfChange ?? 0);
}

/**
 * Most Impactful: the significant, non-audit insights with the largest impact on the primary KPI
 * (impact.ts), one breakdown per metric, top MOST_IMPACTFUL; ties go to the insight that names segments (drivers), then
 * to the catalogue order. Audit intentions form the Data Quality group; the rest are Other.
 * Ranks run through the groups in display order.
 */
export function rankOutcomes(ctx: EngineContext, outcomes: IntentionOutcome[]): RankedOutcome[] {
  const own = new Map(outcomes.map((o) => [o, impactOf(ctx, o)]));
  // A total explained by one segment's finding ranks just below that finding: same news, less precise.
  const impactWithin = (o: IntentionOutcome) =>
    o.explainedBy ? Math.min(own.get(o)!, 0.99 * (own.get(o.explainedBy) ?? 0)) : own.get(o)!;
  const scored = outcomes.map((outcome, order) => ({ outcome, order, impact: impactWithin(outcome) }));
  const names = (f: Finding[]) => f.some((x) => x.kind === "driver");
  const byImpact = (a: (typeof scored)[number], b: (typeof scored)[number]) =>
    b.impact - a.impact || Number(names(b.outcome.findings)) - Number(names(a.outcome.findings)) || a.order - b.order;
  const candidates = scored
    .filter((s) => s.outcome.intention.stage !== "audit" && s.outcome.findings.length > 0 && s.impact > 0)
    .sort(byImpact);
  // One change, one headline: breakdowns of the same metric's change by several dimensions
  // (conversion rate by channel, by device, by landing page) explain the same number. Only the
  // one whose top segment explains the largest share of it — the sharpest answer — is a
  // candidate; the others stay in Other Insights.
  const best = new Map<string, (typeof scored)[number]>();
  for (const c of candidates) {
    const a = c.outcome.intention.analysis;
    if (a.type !== "drivers") continue;
    const held = best.get(a.metric);
    if (!held || concentration(c.outcome) > concentration(held.outcome)) best.set(a.metric, c);
  }
  const distinct = candidates.filter((c) => {
    const a = c.outcome.intention.analysis;
    return a.type !== "drivers" || best.get(a.metric) === c;
  });
  const top = new Set(distinct.slice(0, MOST_IMPACTFUL).map((s) => s.outcome));
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
