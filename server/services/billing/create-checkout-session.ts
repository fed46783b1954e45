import "server-only";
import { eq } from "drizzle-orm";
import { findPlan } from "@/lib/constants/plans";
import { BILLING_MESSAGES, type CheckoutBody } from "@/lib/validation/billing";
import { db } from "../../db/client";
import { agencies } from "../../db/schema";
import { appUrl } from "../../env";
import { BadRequestError, ConflictError, NotFoundError, ValidationError } from "../../errors";
import { stripe, stripeConfigured } from "../../integrations/stripe/client";
import type { ServiceContext } from "../context";
import { planCatalogue } from "./plan-catalogue";

/**
 * Starts Stripe Checkout for one plan: the agency's Stripe customer (created once), the plan's price by its
 * lookup key, and our agency id on the session and the subscription so every webhook finds the agency.
 */
export async function createCheckoutSession({ ctx, input }: { ctx: ServiceContext; input: CheckoutBody }) {
  if (!stripeConfigured()) throw new BadRequestError(BILLING_MESSAGES.notConfigured);
  const plan = findPlan(input.tier, input.kind);
  if (!plan) throw new ValidationError({ tier: "Choose a plan: basic, pro or business" });
  const [agency] = await db().select().from(agencies).where(eq(agencies.id, ctx.actor.agencyId)).limit(1);
  if (!agency) throw new NotFoundError();
  if (agency.subscriptionStatus === "full" && agency.stripeSubscriptionId)
    throw new ConflictError(BILLING_MESSAGES.alreadySubscribed);

  const client = stripe();
  // The price the plans page showed (Stripe's, cached a few minutes), so the customer pays what they read.
  const price = (await planCatalogue()).find((p) => p.tier === plan.tier && p.kind === plan.kind);
  if (!price) throw new ConflictError(BILLING_MESSAGES.priceMissing);

  let customerId = agency.stripeCustomerId;
  if (!customerId) {
    const customer = await client.customers.create(
      { email: ctx.actor.email, name: agency.name, metadata: { agencyId: agency.id } },
      // One customer per agency even if two admins click at once.
      { idempotencyKey: `customer-${agency.id}` },
    );
    customerId = customer.id;
    await db().update(agencies).set({ stripeCustomerId: customerId }).where(eq(agencies.id, agency.id));
  }
  const metadata = { agencyId: agency.id, tier: plan.tier, kind: plan.kind };
  const session = await client.checkout.sessions.create({
    mode: "subscription",
    customer: customerId,
    client_reference_id: agency.id,
    line_items: [{ price: price.priceId, quantity: 1 }],
    metadata,
    subscription_data: { metadata },
    success_url: appUrl("/agency-subscription?checkout=success"),
    cancel_url: appUrl("/agency-subscription?checkout=cancelled"),
  });
  if (!session.url) throw new ConflictError(BILLING_MESSAGES.priceMissing);
  return { url: session.url };
}
