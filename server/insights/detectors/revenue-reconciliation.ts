import type { AuditFinding } from "./data-quality";

// Ecommerce projects with both web analytics revenue and the ecommerce platform's order revenue
// (docs/decisions/0014-crm-and-ecommerce-sources.md): the platform is the book of record, so
// analytics revenue that differs from it by more than this share of it points at a tracking
// problem (missing purchase events, duplicated tags, refunds or currencies handled differently).

/** The largest gap between analytics revenue and order revenue, as a share of order revenue, taken as agreement. */
export const REVENUE_RECONCILIATION_TOLERANCE = 0.1;
/** Below this much order revenue in the period the comparison says nothing. */
export const REVENUE_RECONCILIATION_MIN_ORDER_REVENUE = 100;

export function findRevenueMismatch(input: {
  analyticsRevenue: number | null;
  orderRevenue: number | null;
  periodStart: string;
  periodEnd: string;
  tolerance?: number;
}): AuditFinding[] {
  const tolerance = input.tolerance ?? REVENUE_RECONCILIATION_TOLERANCE;
  const { analyticsRevenue: tracked, orderRevenue: orders } = input;
  if (tracked === null || orders === null || orders < REVENUE_RECONCILIATION_MIN_ORDER_REVENUE) return [];
  const share = (tracked - orders) / orders;
  if (Math.abs(share) <= tolerance) return [];
  return [
    {
      kind: "audit",
      check: "revenue_reconciliation",
      issue: share < 0 ? "analytics_below_orders" : "analytics_above_orders",
      severity: Math.abs(share) > 2 * tolerance ? "high" : "medium",
      metric: "revenue",
      dimension: null,
      dimensionValue: null,
      periodStart: input.periodStart,
      periodEnd: input.periodEnd,
      current: tracked,
      baseline: orders,
      change: tracked - orders,
      changePct: share,
      expectedLow: orders * (1 - tolerance),
      expectedHigh: orders * (1 + tolerance),
      confidence: 1,
      direction: share < 0 ? "down" : "up",
      count: 1,
      examples: [],
    },
  ];
}

export function revenueMismatchSentence(f: { issue: string; changePct: number | null }): string {
  const pct = `${Math.round(Math.abs(f.changePct ?? 0) * 100)}%`;
  return f.issue === "analytics_below_orders"
    ? `Analytics recorded ${pct} less revenue than the store's orders in this period: some purchases are not tracked.`
    : `Analytics recorded ${pct} more revenue than the store's orders in this period: purchases may be tracked twice, or refunds and cancellations are not deducted.`;
}
