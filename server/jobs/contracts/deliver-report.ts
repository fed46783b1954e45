import { z } from "zod";
import { defineJobContract } from "../define-job";

/** What to deliver: a delivery asked for by hand, or one run of a schedule. */
export const deliverReportPayload = z.discriminatedUnion("source", [
  z.object({ source: z.literal("manual"), deliveryId: z.uuid() }),
  z.object({ source: z.literal("schedule"), runId: z.uuid() }),
]);
export type DeliverReportPayload = z.output<typeof deliverReportPayload>;

/**
 * Builds the export and hands it to its target (email today). Retried with exponential backoff
 * (30 s, 1 min, 2 min, ...) while the reason is temporary, such as a mail server that is down; the
 * record it works on makes a retry resume, never send twice.
 */
export const deliverReportJob = defineJobContract({
  name: "deliver-report",
  schema: deliverReportPayload,
  retry: { limit: 6, delaySeconds: 30 },
});
