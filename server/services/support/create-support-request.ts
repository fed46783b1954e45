import "server-only";
import type { z } from "zod";
import { SUPPORT_MESSAGES, type supportRequestSchema } from "@/lib/validation/support";
import { db } from "../../db/client";
import { supportRequests } from "../../db/schema";
import { env } from "../../env";
import { BadRequestError } from "../../errors";
import { supportRequestJob } from "../../jobs/contracts/support-request";
import { enqueue } from "../../jobs/enqueue";
import type { ServiceContext } from "../context";
import { supportRequestView } from "./support-request-view";

/**
 * POST /support-requests (agency admins): records the request and queues its email to the operator's SUPPORT_EMAIL
 * in one transaction, so a request listed on the page is one that will be sent.
 */
export async function createSupportRequest({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: z.output<typeof supportRequestSchema>;
}) {
  if (!env().SUPPORT_EMAIL) throw new BadRequestError(SUPPORT_MESSAGES.notConfigured);
  return db().transaction(async (tx) => {
    const [row] = await tx
      .insert(supportRequests)
      .values({
        agencyId: ctx.actor.agencyId,
        userId: ctx.actor.userId,
        senderEmail: ctx.actor.email,
        subject: input.subject,
        message: input.message,
        planTier: (input.planTier as "basic" | "pro" | "business" | undefined) ?? null,
        planKind: (input.planKind as "team" | "personal" | undefined) ?? null,
      })
      .returning();
    await enqueue(supportRequestJob, { requestId: row.id }, { tx });
    return supportRequestView(row);
  });
}
