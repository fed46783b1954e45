import "server-only";
import { DEFAULT_PROJECT_LIMIT } from "@/lib/constants/plans";
import { stripeConfigured } from "../../integrations/stripe/client";
import { planCatalogue } from "./plan-catalogue";

/**
 * GET /subscriptions/all: every plan on sale with its price as Stripe charges it (amount, currency, interval) and its
 * project limit, and the demo limit. Without Stripe nothing is on sale, so no plan is listed.
 */
export async function listPlans() {
  const docs = stripeConfigured() ? await planCatalogue() : [];
  return {
    defaultProjectLimit: DEFAULT_PROJECT_LIMIT,
    docs: docs.map(({ tier, kind, name, amount, currency, interval, intervalCount, projectLimit }) => ({
      tier,
      kind,
      name,
      amount,
      currency,
      interval,
      intervalCount,
      projectLimit,
    })),
  };
}
