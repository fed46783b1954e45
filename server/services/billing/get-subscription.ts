import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { findPlan } from "@/lib/constants/plans";
import { db } from "../../db/client";
import { agencies, clientProjects } from "../../db/schema";
import { NotFoundError } from "../../errors";
import { stripeConfigured } from "../../integrations/stripe/client";
import type { ServiceContext } from "../context";
import { usageView } from "../projects/project-limit";

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
  return {
    configured: stripeConfigured(),
    status: agency.subscriptionStatus,
    plan: plan
      ? { tier: plan.tier, kind: plan.kind, name: plan.name, monthlyPrice: plan.monthlyPrice, currency: plan.currency }
      : null,
    usage: usageView(active, agency.projectLimit),
    nextInvoiceAt: agency.subscriptionStatus === "full" ? (agency.subscriptionPeriodEnd?.toISOString() ?? null) : null,
    hasBillingAccount: Boolean(agency.stripeCustomerId),
  };
}
