import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { findPlan } from "@/lib/constants/plans";
import { db } from "../../db/client";
import { agencies, clientProjects } from "../../db/schema";
import { NotFoundError } from "../../errors";
import { stripeConfigured } from "../../integrations/stripe/client";
import type { ServiceContext } from "../context";
import { usageView } from "../projects/project-limit";
import { planCatalogue } from "./plan-catalogue";

/** The agency's subscription as its page shows it: plan, status, usage against the limit, next invoice. */
export async function getSubscription({ ctx }: { ctx: ServiceContext }) {
  const agencyId = ctx.actor.agencyId;
  const [[agency], [{ active }]] = await Promise.all([
    db().select().from(agencies).where(eq(agencies.id, agencyId)).limit(1),
    db()
      .select({ active: sql<number>`count(*)::int` })
      .from(clientProjects)
      .where(and(eq(clientProjects.agencyId, agencyId), eq(clientProjects.status, "active"))),
  ]);
  if (!agency) throw new NotFoundError();
  const plan = agency.subscriptionStatus === "demo" ? null : findPlan(agency.planTier, agency.planKind);
  // The plan's price as Stripe charges it; a page that cannot reach Stripe still shows the rest.
  const priced =
    plan && stripeConfigured()
      ? (await planCatalogue().catch(() => [])).find((p) => p.tier === plan.tier && p.kind === plan.kind)
      : undefined;
  return {
    configured: stripeConfigured(),
    status: agency.subscriptionStatus,
    /** A payment failed and Stripe is retrying it: everything works; the admins are asked to fix the card. */
    pastDueSince: agency.subscriptionStatus === "full" ? (agency.paymentPastDueAt?.toISOString() ?? null) : null,
    plan: plan
      ? {
          tier: plan.tier,
          kind: plan.kind,
          name: plan.name,
          amount: priced?.amount ?? null,
          currency: priced?.currency ?? null,
          interval: priced?.interval ?? null,
          intervalCount: priced?.intervalCount ?? null,
        }
      : null,
    usage: usageView(active, agency.projectLimit),
    nextInvoiceAt: agency.subscriptionStatus === "full" ? (agency.subscriptionPeriodEnd?.toISOString() ?? null) : null,
    hasBillingAccount: Boolean(agency.stripeCustomerId),
  };
}
