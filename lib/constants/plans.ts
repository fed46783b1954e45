// The subscription plans (spec section 3: tiers basic, pro and business, each as Team or Personal). Prices are
// what the subscription page shows; Stripe charges the price whose lookup key is `stripeLookupKey`, so the
// amounts live in Stripe and here together. A demo agency keeps the default limit until it subscribes.
export type PlanTier = "basic" | "pro" | "business";
export type PlanKind = "team" | "personal";

export interface Plan {
  tier: PlanTier;
  kind: PlanKind;
  name: string;
  /** Monthly price in the currency's minor unit (cents). */
  monthlyPrice: number;
  currency: "usd";
  projectLimit: number;
  stripeLookupKey: string;
}

export const DEFAULT_PROJECT_LIMIT = 5;
export const PLAN_TIERS: readonly PlanTier[] = ["basic", "pro", "business"];
export const PLAN_KINDS: readonly PlanKind[] = ["team", "personal"];

const TIER_NAMES: Record<PlanTier, string> = { basic: "Basic", pro: "Pro", business: "Business" };
const KIND_NAMES: Record<PlanKind, string> = { team: "Team", personal: "Personal" };

// Team plans are for agencies with staff; Personal plans for one consultant, at a lower price and limit.
const PRICES: Record<PlanKind, Record<PlanTier, { monthlyPrice: number; projectLimit: number }>> = {
  team: {
    basic: { monthlyPrice: 4900, projectLimit: 10 },
    pro: { monthlyPrice: 9900, projectLimit: 25 },
    business: { monthlyPrice: 24900, projectLimit: 100 },
  },
  personal: {
    basic: { monthlyPrice: 1900, projectLimit: 5 },
    pro: { monthlyPrice: 3900, projectLimit: 12 },
    business: { monthlyPrice: 7900, projectLimit: 30 },
  },
};

export const PLANS: readonly Plan[] = PLAN_KINDS.flatMap((kind) =>
  PLAN_TIERS.map((tier) => ({
    tier,
    kind,
    name: `${TIER_NAMES[tier]} ${KIND_NAMES[kind]}`,
    monthlyPrice: PRICES[kind][tier].monthlyPrice,
    currency: "usd" as const,
    projectLimit: PRICES[kind][tier].projectLimit,
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
