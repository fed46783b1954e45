import "server-only";
import { PLANS, type Plan } from "@/lib/constants/plans";
import { BILLING_MESSAGES } from "@/lib/validation/billing";
import { AppError } from "../../errors";
import { stripe, type Stripe } from "../../integrations/stripe/client";
import { log } from "../../log";

/** A plan as Stripe sells it: its Price (amount, currency, interval) and its product's project limit. */
export interface CataloguePlan {
  tier: Plan["tier"];
  kind: Plan["kind"];
  name: string;
  priceId: string;
  /** In the currency's minor unit (cents). */
  amount: number;
  currency: string;
  interval: Stripe.Price.Recurring.Interval;
  intervalCount: number;
  projectLimit: number;
}

/** Prices change rarely and the page is opened often: Stripe is asked at most this often per process. */
export const CATALOGUE_TTL_MS = 5 * 60 * 1000;

let cached: { at: number; plans: CataloguePlan[] } | null = null;
let inFlight: Promise<CataloguePlan[]> | null = null;

/** A product's `project_limit` metadata, when it is a positive whole number. */
function limitOf(product: Stripe.Product | undefined): number | null {
  const raw = product?.metadata?.project_limit;
  const value = raw === undefined ? NaN : Number(raw);
  return Number.isInteger(value) && value > 0 ? value : null;
}

async function fetchCatalogue(): Promise<CataloguePlan[]> {
  const client = stripe();
  const [prices, products] = await Promise.all([
    client.prices.list({ lookup_keys: PLANS.map((p) => p.stripeLookupKey), active: true, limit: 100 }),
    client.products.list({ active: true, limit: 100 }),
  ]);
  const productById = new Map(products.data.map((p) => [p.id, p]));
  const plans: CataloguePlan[] = [];
  for (const plan of PLANS) {
    const price = prices.data.find((p) => p.lookup_key === plan.stripeLookupKey && p.recurring);
    if (!price || price.unit_amount === null || !price.recurring) continue;
    const productId = typeof price.product === "string" ? price.product : price.product.id;
    const product = productById.get(productId);
    plans.push({
      tier: plan.tier,
      kind: plan.kind,
      name: plan.name,
      priceId: price.id,
      amount: price.unit_amount,
      currency: price.currency,
      interval: price.recurring.interval,
      intervalCount: price.recurring.interval_count,
      projectLimit: limitOf(product) ?? plan.projectLimit,
    });
  }
  return plans;
}

/**
 * The plans on sale, read from Stripe's Price and Product objects and kept for a few minutes. When Stripe cannot be
 * reached, the last list read is used; with none, the caller is told prices cannot be shown right now (503).
 */
export async function planCatalogue(now = Date.now()): Promise<CataloguePlan[]> {
  if (cached && now - cached.at < CATALOGUE_TTL_MS) return cached.plans;
  inFlight ??= fetchCatalogue().finally(() => (inFlight = null));
  try {
    const plans = await inFlight;
    cached = { at: Date.now(), plans };
    return plans;
  } catch (error) {
    log("warn", "stripe prices could not be read", { error: String(error) });
    if (cached) return cached.plans;
    throw new AppError(503, BILLING_MESSAGES.pricesUnavailable);
  }
}

/** The limit the catalogue last read for a plan, without asking Stripe (webhooks apply inside a transaction). */
export function cachedProjectLimit(plan: Plan): number {
  return cached?.plans.find((p) => p.tier === plan.tier && p.kind === plan.kind)?.projectLimit ?? plan.projectLimit;
}

/** Tests change the fake's prices between cases. */
export function forgetPlanCatalogue(): void {
  cached = null;
}
