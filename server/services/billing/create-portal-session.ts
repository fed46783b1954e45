import "server-only";
import { eq } from "drizzle-orm";
import { BILLING_MESSAGES } from "@/lib/validation/billing";
import { db } from "../../db/client";
import { agencies } from "../../db/schema";
import { appUrl } from "../../env";
import { BadRequestError, ConflictError } from "../../errors";
import { stripe, stripeConfigured } from "../../integrations/stripe/client";
import type { ServiceContext } from "../context";

/** Opens Stripe's customer portal (invoices, payment method, cancellation) for the agency's customer. */
export async function createPortalSession({ ctx }: { ctx: ServiceContext }) {
  if (!stripeConfigured()) throw new BadRequestError(BILLING_MESSAGES.notConfigured);
  const [agency] = await db()
    .select({ customerId: agencies.stripeCustomerId })
    .from(agencies)
    .where(eq(agencies.id, ctx.actor.agencyId))
    .limit(1);
  if (!agency?.customerId) throw new ConflictError(BILLING_MESSAGES.noCustomer);
  const session = await stripe().billingPortal.sessions.create({
    customer: agency.customerId,
    return_url: appUrl("/agency-subscription"),
  });
  return { url: session.url };
}
