import "server-only";
import { eq } from "drizzle-orm";
import { emailContentSchema } from "@/lib/validation/deliveries";
import { exportSelectionSchema } from "@/lib/validation/exports";
import { db } from "../../db/client";
import { reportDeliveries } from "../../db/schema";
import { ensureReportReady, selectionIn } from "./delivery-report";
import { DeliveryFailure } from "./delivery-target";
import { ownerContext } from "./owner-context";
import { runDelivery, type DeliveryHooks, type DeliveryOutcome } from "./run-delivery";

/** Delivers one "Email" asked for by hand, as recorded when it was asked for. */
export async function deliverManual(deliveryId: string, txId: string, hooks?: DeliveryHooks): Promise<DeliveryOutcome> {
  return runDelivery(
    {
      table: "report_deliveries",
      id: deliveryId,
      prepare: async () => {
        const [row] = await db().select().from(reportDeliveries).where(eq(reportDeliveries.id, deliveryId));
        if (!row) throw new DeliveryFailure("The delivery no longer exists", false, true);
        const ctx = await ownerContext({ userId: row.userId, projectId: row.projectId, txId, scheduled: false });
        // Stored through the same schemas it was accepted with.
        const content = emailContentSchema.safeParse(row.options);
        const selection = exportSelectionSchema.safeParse(row.selection);
        if (!content.success || !selection.success)
          throw new DeliveryFailure("The delivery's settings are incomplete", false, true);
        // A schedule's test ("Send a test now") made its report for the period that last closed: generated here.
        const test = row.options.test === true;
        const intentionKey = typeof row.options.intentionKey === "string" ? row.options.intentionKey : null;
        let chosen = selection.data;
        if (test && chosen.reportId) {
          await ensureReportReady(chosen.reportId);
          const inReport = await selectionIn(chosen.reportId, intentionKey);
          chosen = inReport.reportId ? { ...inReport, contents: chosen.contents } : inReport;
        }
        return { ctx, target: { kind: "email", content: content.data, test }, selection: chosen };
      },
    },
    hooks,
  );
}
