import "server-only";
import { eq, or, type SQL } from "drizzle-orm";
import { DEFAULT_PROJECT_LIMIT, findPlan, planByLookupKey } from "@/lib/constants/plans";
import { db } from "../../db/client";
import { agencies, stripeEvents } from "../../db/schema";
import type { Stripe } from "../../integrations/stripe/client";
import { log } from "../../log";
import { idOf, lookupKeyOf, periodEndOf, statusOfSubscription } from "./subscription-state";

type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];
export type ApplyOutcome = "applied" | "duplicate" | "stale" | "ignored" | "unknown_agency";

const HANDLED = new Set([
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.payment_failed",
]);

/**
 * Applies one verified Stripe event, exactly once: the event id is recorded in the same transaction as its
 * effect, so a replay or a duplicate changes nothing. Events can arrive in any order; the agency remembers
 * the creation time of the last subscription event it applied and ignores older ones, so a late
 * "subscription.created" never rolls back a later "updated" or "deleted".
 */
export async function applyStripeEvent(event: Stripe.Event): Promise<ApplyOutcome> {
  if (!HANDLED.has(event.type)) return "ignored";
  return db().transaction(async (tx) => {
    const recorded = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, createdAt: new Date(event.created * 1000) })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (recorded.length === 0) return "duplicate";
    const outcome = await applyInside(tx, event);
    log("info", "stripe event", { id: event.id, type: event.type, outcome });
    return outcome;
  });
}

async function applyInside(tx: Tx, event: Stripe.Event): Promise<ApplyOutcome> {
  const at = new Date(event.created * 1000);
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object as Stripe.Checkout.Session;
      const agency = await lockAgency(
        tx,
        session.client_reference_id ?? session.metadata?.agencyId,
        idOf(session.customer),
      );
      if (!agency) return "unknown_agency";
      // The customer and subscription ids come with the checkout; the plan and status come with the
      // subscription's own events, unless this is the newest word on it (a checkout that completed is paid).
      const plan = findPlan(session.metadata?.tier ?? "", session.metadata?.kind ?? "");
      const newer = !agency.subscriptionEventAt || at >= agency.subscriptionEventAt;
      await tx
        .update(agencies)
        .set({
          stripeCustomerId: agency.stripeCustomerId ?? idOf(session.customer),
          stripeSubscriptionId: idOf(session.subscription) ?? agency.stripeSubscriptionId,
          ...(newer && plan && session.payment_status !== "unpaid"
            ? {
                subscriptionStatus: "full" as const,
                planTier: plan.tier,
                planKind: plan.kind,
                projectLimit: plan.projectLimit,
                subscriptionEventAt: at,
              }
            : {}),
        })
        .where(eq(agencies.id, agency.id));
      return "applied";
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const subscription = event.data.object as Stripe.Subscription;
      const agency = await lockAgency(tx, subscription.metadata?.agencyId, idOf(subscription.customer));
      if (!agency) return "unknown_agency";
      if (agency.subscriptionEventAt && at < agency.subscriptionEventAt) return "stale";
      const deleted = event.type === "customer.subscription.deleted";
      const status = statusOfSubscription(subscription.status, deleted);
      const plan =
        planByLookupKey(lookupKeyOf(subscription)) ??
        findPlan(subscription.metadata?.tier ?? "", subscription.metadata?.kind ?? "");
      await tx
        .update(agencies)
        .set({
          stripeCustomerId: agency.stripeCustomerId ?? idOf(subscription.customer),
          stripeSubscriptionId: subscription.id,
          subscriptionEventAt: at,
          subscriptionPeriodEnd: deleted ? null : periodEndOf(subscription),
          ...(status ? { subscriptionStatus: status } : {}),
          ...(plan && !deleted ? { planTier: plan.tier, planKind: plan.kind, projectLimit: plan.projectLimit } : {}),
          ...(deleted ? { projectLimit: DEFAULT_PROJECT_LIMIT } : {}),
        })
        .where(eq(agencies.id, agency.id));
      return "applied";
    }
    case "invoice.payment_failed": {
      const invoice = event.data.object as Stripe.Invoice;
      const agency = await lockAgency(tx, invoice.metadata?.agencyId, idOf(invoice.customer));
      if (!agency) return "unknown_agency";
      if (agency.subscriptionEventAt && at < agency.subscriptionEventAt) return "stale";
      await tx
        .update(agencies)
        .set({ subscriptionStatus: "suspended", subscriptionEventAt: at })
        .where(eq(agencies.id, agency.id));
      return "applied";
    }
  }
  return "ignored";
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The agency an event is about (by our id in the metadata, else by its Stripe customer), locked for the update. */
async function lockAgency(tx: Tx, agencyId: string | null | undefined, customerId: string | null) {
  const conditions: SQL[] = [];
  if (agencyId && UUID.test(agencyId)) conditions.push(eq(agencies.id, agencyId));
  if (customerId) conditions.push(eq(agencies.stripeCustomerId, customerId));
  if (conditions.length === 0) return null;
  const [agency] = await tx
    .select({
      id: agencies.id,
      stripeCustomerId: agencies.stripeCustomerId,
      stripeSubscriptionId: agencies.stripeSubscriptionId,
      subscriptionEventAt: agencies.subscriptionEventAt,
    })
    .from(agencies)
    .where(or(...conditions))
    .limit(1)
    .for("update");
  return agency ?? null;
}
