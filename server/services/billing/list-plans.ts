import "server-only";
import { DEFAULT_PROJECT_LIMIT, PLANS } from "@/lib/constants/plans";

/** GET /subscriptions/all: every plan with its price and project limit, and the demo limit. */
export function listPlans() {
  return {
    defaultProjectLimit: DEFAULT_PROJECT_LIMIT,
    docs: PLANS.map(({ tier, kind, name, monthlyPrice, currency, projectLimit }) => ({
      tier,
      kind,
      name,
      monthlyPrice,
      currency,
      interval: "month" as const,
      projectLimit,
    })),
  };
}
