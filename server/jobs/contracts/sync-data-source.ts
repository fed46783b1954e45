import { z } from "zod";
import { defineJobContract } from "../define-job";

export const syncDataSourcePayload = z.object({ dataSourceId: z.uuid() });

/**
 * Imports a connected Google source (first import, resumed import or the daily re-read of recent
 * days). Quota and outages fail the run so it is retried with backoff.
 */
export const syncDataSourceJob = defineJobContract({
  name: "sync-data-source",
  schema: syncDataSourcePayload,
  retry: { limit: 5, delaySeconds: 60 },
  // Sent with the source id as singletonKey: one queued and one running import per source.
  policy: "stately",
});
