import "server-only";
import { eq } from "drizzle-orm";
import type { EmailContent } from "@/lib/validation/deliveries";
import { EXPORT_MESSAGES, type ExportSelection } from "@/lib/validation/exports";
import { db } from "../../db/client";
import { reportDeliveries } from "../../db/schema";
import { BadRequestError } from "../../errors";
import { deliverReportJob } from "../../jobs/contracts/deliver-report";
import { enqueue } from "../../jobs/enqueue";
import type { ProjectServiceContext } from "../context";
import { loadSelection } from "../exports/load-selection";
import { deliveryView } from "./delivery-view";

/**
 * POST /insights/properties/{id}/email/send: records the email and queues its delivery. What the
 * job would refuse anyway (another project's ids: 404; nothing to send) is refused now, while the
 * user is still looking; sending itself happens in the worker, retried while the mail server is down.
 */
export async function queueEmailDelivery({
  ctx,
  input,
}: {
  ctx: ProjectServiceContext;
  input: EmailContent & { selection: ExportSelection };
}) {
  const { project } = ctx.access;
  const { selection, ...content } = input;
  const loaded = await loadSelection({ agencyId: ctx.actor.agencyId, projectId: project.id }, selection);
  if (loaded.rows.length === 0) throw new BadRequestError(EXPORT_MESSAGES.empty);

  const [row] = await db()
    .insert(reportDeliveries)
    .values({
      agencyId: ctx.actor.agencyId,
      projectId: project.id,
      userId: ctx.actor.userId,
      target: "email",
      options: content,
      selection,
    })
    .returning();
  try {
    await enqueue(deliverReportJob, { source: "manual", deliveryId: row.id });
  } catch (error) {
    // Without its job the record would say "queued" for ever.
    await db().delete(reportDeliveries).where(eq(reportDeliveries.id, row.id));
    throw error;
  }
  return deliveryView(row);
}
