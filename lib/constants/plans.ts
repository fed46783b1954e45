// The subscription plans (spec section 3: tiers basic, pro and business, each as Team or Personal). What a plan costs
// lives in Stripe alone: the subscription page reads each plan's Price (amount, currency, interval) by its lookup key
// `stripeLookupKey` (server/services/billing/plan-catalogue.ts). The project limit is the product's
// `project_limit` metadata in Stripe when it has one, else the default here. A demo agency keeps the default limit.
export type PlanTier = "basic" | "pro" | "business";
export type PlanKind = "team" | "personal";

export interface Plan {
  tier: PlanTier;
  kind: PlanKind;
  name: string;
  /** The limit when the Stripe product names none in its `project_limit` metadata. */
  projectLimit: number;
  stripeLookupKey: string;
}

export const DEFAULT_PROJECT_LIMIT = 5;
export const PLAN_TIERS: readonly PlanTier[] = ["basic", "pro", "business"];
export const PLAN_KINDS: readonly PlanKind[] = ["team", "personal"];

const TIER_NAMES: Record<PlanTier, string> = { basic: "Basic", pro: "Pro", business: "Business" };
const KIND_NAMES: Record<PlanKind, string> = { team: "Team", personal: "Personal" };

// Team plans are for agencies with staff; Personal plans for one consultant, at a lower limit.
const LIMITS: Record<PlanKind, Record<PlanTier, number>> = {
  team: { basic: 10, pro: 25, business: 100 },
  personal: { basic: 5, pro: 12, business: 30 },
};

export const PLANS: readonly Plan[] = PLAN_KINDS.flatMap((kind) =>
  PLAN_TIERS.map((tier) => ({
    tier,
    kind,
    name: `${TIER_NAMES[tier]} ${KIND_NAMES[kind]}`,
    projectLimit: LIMITS[kind][tier],
    stripeLookupKey: `funnelwise_${tier}_${kind}`,
  })),
);

export function findPlan(tier: string, kind: string): Plan | null {
  return PLANS.find((plan) => plan.tier === tier && plan.kind === kind) ?? null;
}

export function planByLookupKey(lookupKey: string | null | undefined): Plan | null {
  return PLANS.find((plan) => plan.stripeLookupKey === lookupKey) ?? null;
}

/** Spec section 4: suspended 1 < demo 2 < full 3. */
export const SUBSCRIPTION_RANK = { suspended: 1, demo: 2, full: 3 } as const;
