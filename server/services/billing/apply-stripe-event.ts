import "server-only";
import { eq, or, type SQL } from "drizzle-orm";
import { DEFAULT_PROJECT_LIMIT, findPlan, planByLookupKey } from "@/lib/constants/plans";
import { db, type Tx } from "../../db/client";
import { agencies, stripeEvents, type Agency } from "../../db/schema";
import type { Stripe } from "../../integrations/stripe/client";
import { log } from "../../log";
import { resumeAgencySchedules } from "../schedules/resume-agency-schedules";
import { cachedProjectLimit } from "./plan-catalogue";
import { idOf, lookupKeyOf, periodEndOf, stateOfSubscription, subscriptionOfInvoice } from "./subscription-state";

export type ApplyOutcome = "applied" | "duplicate" | "stale" | "ignored" | "unknown_agency";

const HANDLED = new Set([
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.payment_failed",
  "invoice.paid",
]);

type LockedAgency = Pick<
  Agency,
  | "id"
  | "stripeCustomerId"
  | "stripeSubscriptionId"
  | "subscriptionStatus"
  | "subscriptionEventAt"
  | "paymentEventAt"
  | "paymentPastDueAt"
>;

/**
 * Applies one verified Stripe event, exactly once: the event id is recorded in the same transaction as its
 * effect, so a replay or a duplicate changes nothing. Events can arrive in any order; the agency remembers the
 * creation time of the last event it applied to its subscription (status, plan) and to its payment state (past due),
 * and ignores older ones, so a late "subscription.created" never rolls back a later "updated", nor a late
 * "invoice.payment_failed" a later "invoice.paid".
 *
 * Dunning as Stripe means it: a failed payment marks the agency past due and changes nothing else while Stripe
 * retries; only Stripe giving up (`unpaid`, `canceled`, deleted) suspends it; a paid invoice lifts both, and a
 * suspended agency's schedules resume at their next regular time.
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

const newer = (at: Date, last: Date | null) => !last || at >= last;

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
      const paid = newer(at, agency.subscriptionEventAt) && plan && session.payment_status !== "unpaid";
      await tx
        .update(agencies)
        .set({
          stripeCustomerId: agency.stripeCustomerId ?? idOf(session.customer),
          stripeSubscriptionId: idOf(session.subscription) ?? agency.stripeSubscriptionId,
          ...(paid
            ? {
                subscriptionStatus: "full" as const,
                planTier: plan.tier,
                planKind: plan.kind,
                projectLimit: cachedProjectLimit(plan),
                subscriptionEventAt: at,
              }
            : {}),
        })
        .where(eq(agencies.id, agency.id));
      if (paid && agency.subscriptionStatus === "suspended") await resumeAgencySchedules(tx, agency.id);
      return "applied";
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const subscription = event.data.object as Stripe.Subscription;
      const agency = await lockAgency(tx, subscription.metadata?.agencyId, idOf(subscription.customer));
      if (!agency) return "unknown_agency";
      const statusNews = newer(at, agency.subscriptionEventAt);
      const paymentNews = newer(at, agency.paymentEventAt);
      if (!statusNews && !paymentNews) return "stale";
      const deleted = event.type === "customer.subscription.deleted";
      const state = stateOfSubscription(subscription.status, deleted);
      const plan =
        planByLookupKey(lookupKeyOf(subscription)) ??
        findPlan(subscription.metadata?.tier ?? "", subscription.metadata?.kind ?? "");
      await tx
        .update(agencies)
        .set({
          stripeCustomerId: agency.stripeCustomerId ?? idOf(subscription.customer),
          ...(statusNews
            ? {
                // A deleted subscription is over: an invoice of it paid later does not bring the agency back.
                stripeSubscriptionId: deleted ? null : subscription.id,
                subscriptionEventAt: at,
                subscriptionPeriodEnd: deleted ? null : periodEndOf(subscription),
                ...(state.status ? { subscriptionStatus: state.status } : {}),
                ...(plan && !deleted
                  ? { planTier: plan.tier, planKind: plan.kind, projectLimit: cachedProjectLimit(plan) }
                  : {}),
                ...(deleted ? { projectLimit: DEFAULT_PROJECT_LIMIT } : {}),
              }
            : {}),
          ...(paymentNews && state.status
            ? {
                paymentEventAt: at,
                paymentPastDueAt: state.pastDue ? (agency.paymentPastDueAt ?? at) : null,
              }
            : {}),
        })
        .where(eq(agencies.id, agency.id));
      if (statusNews && agency.subscriptionStatus === "suspended" && state.status === "full")
        await resumeAgencySchedules(tx, agency.id);
      return "applied";
    }
    case "invoice.payment_failed": {
      const invoice = event.data.object as Stripe.Invoice;
      const agency = await lockAgency(tx, invoice.metadata?.agencyId, idOf(invoice.customer));
      if (!agency) return "unknown_agency";
      if (!newer(at, agency.paymentEventAt)) return "stale";
      // Stripe retries the card by its own schedule: the agency keeps working, its admins are told (past due).
      await tx
        .update(agencies)
        .set({ paymentPastDueAt: agency.paymentPastDueAt ?? at, paymentEventAt: at })
        .where(eq(agencies.id, agency.id));
      return "applied";
    }
    case "invoice.paid": {
      const invoice = event.data.object as Stripe.Invoice;
      const agency = await lockAgency(tx, invoice.metadata?.agencyId, idOf(invoice.customer));
      if (!agency) return "unknown_agency";
      const paymentNews = newer(at, agency.paymentEventAt);
      // Paying the open invoice of the agency's current subscription ends a suspension (Stripe makes an `unpaid`
      // subscription active again when its latest invoice is paid).
      const lifts =
        agency.subscriptionStatus === "suspended" &&
        newer(at, agency.subscriptionEventAt) &&
        agency.stripeSubscriptionId !== null &&
        subscriptionOfInvoice(invoice) === agency.stripeSubscriptionId;
      if (!paymentNews && !lifts) return "stale";
      await tx
        .update(agencies)
        .set({
          ...(paymentNews ? { paymentPastDueAt: null, paymentEventAt: at } : {}),
          ...(lifts ? { subscriptionStatus: "full" as const, subscriptionEventAt: at } : {}),
        })
        .where(eq(agencies.id, agency.id));
      if (lifts) await resumeAgencySchedules(tx, agency.id);
      return "applied";
    }
  }
  return "ignored";
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The agency an event is about (by our id in the metadata, else by its Stripe customer), locked for the update. */
async function lockAgency(
  tx: Tx,
  agencyId: string | null | undefined,
  customerId: string | null,
): Promise<LockedAgency | null> {
  const conditions: SQL[] = [];
  if (agencyId && UUID.test(agencyId)) conditions.push(eq(agencies.id, agencyId));
  if (customerId) conditions.push(eq(agencies.stripeCustomerId, customerId));
  if (conditions.length === 0) return null;
  const [agency] = await tx
    .select({
      id: agencies.id,
      stripeCustomerId: agencies.stripeCustomerId,
      stripeSubscriptionId: agencies.stripeSubscriptionId,
      subscriptionStatus: agencies.subscriptionStatus,
      subscriptionEventAt: agencies.subscriptionEventAt,
      paymentEventAt: agencies.paymentEventAt,
      paymentPastDueAt: agencies.paymentPastDueAt,
    })
    .from(agencies)
    .where(or(...conditions))
    .limit(1)
    .for("update");
  return agency ?? null;
}
