import "server-only";
import { eq } from "drizzle-orm";
import { supportConfirmationEmail, supportRequestEmail } from "@/emails/support-emails";
import { findPlan } from "@/lib/constants/plans";
import { db } from "../../db/client";
import { agencies, supportRequests } from "../../db/schema";
import { appUrl, env } from "../../env";
import { sendMail } from "../../integrations/email/transport";
import { log } from "../../log";
import { supportRequestJob } from "../contracts/support-request";
import { defineJobHandler } from "../define-job";

/**
 * Sends the request to support (answers go to the sender: Reply-To), then the sender's confirmation, then marks it
 * sent. A retry after a sent request sends nothing again; a mail server that refuses it leaves the reason on the
 * request (the page shows it) and pg-boss retries.
 */
export const supportRequestHandler = defineJobHandler(supportRequestJob, async ({ requestId }) => {
  const [row] = await db()
    .select({ request: supportRequests, agency: agencies })
    .from(supportRequests)
    .innerJoin(agencies, eq(agencies.id, supportRequests.agencyId))
    .where(eq(supportRequests.id, requestId));
  if (!row || row.request.status === "sent") return;
  const to = env().SUPPORT_EMAIL;
  if (!to) {
    await db()
      .update(supportRequests)
      .set({ status: "failed", error: "SUPPORT_EMAIL is not set" })
      .where(eq(supportRequests.id, requestId));
    return;
  }
  const { request, agency } = row;
  const current = findPlan(agency.planTier, agency.planKind);
  const wanted = request.planTier && request.planKind ? findPlan(request.planTier, request.planKind) : null;
  try {
    await sendMail({
      to,
      replyTo: request.senderEmail,
      messageId: `<support-${request.id}@funnelwise>`,
      ...supportRequestEmail({
        requestId: request.id,
        agencyId: agency.id,
        agencyName: agency.name,
        plan: agency.subscriptionStatus === "demo" ? "Demo" : (current?.name ?? agency.planTier),
        status: agency.subscriptionStatus,
        projectLimit: agency.projectLimit,
        senderEmail: request.senderEmail,
        subject: request.subject,
        message: request.message,
        planWanted: wanted?.name ?? null,
      }),
    });
  } catch (error) {
    await db()
      .update(supportRequests)
      .set({ error: String((error as Error).message ?? error) })
      .where(eq(supportRequests.id, requestId));
    throw error;
  }
  await db()
    .update(supportRequests)
    .set({ status: "sent", error: null, sentAt: new Date() })
    .where(eq(supportRequests.id, requestId));
  // The confirmation is a courtesy: its failure does not send the request to support twice.
  await sendMail({
    to: request.senderEmail,
    ...supportConfirmationEmail({ subject: request.subject, url: appUrl("/agency-subscription#support") }),
  }).catch((error) => log("warn", "support confirmation not sent", { requestId, error: String(error) }));
});
