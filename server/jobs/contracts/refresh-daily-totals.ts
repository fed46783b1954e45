import { z } from "zod";
import { defineJobContract } from "../define-job";

export const refreshDailyTotalsPayload = z.object({ dataSourceId: z.uuid() });

/**
 * Rebuilds a data source's daily rollup after its observations changed (queue it after an import
 * or a sync), so the next report does not pay for it. Idempotent; reports also rebuild a stale
 * rollup themselves, so a lost job only costs time.
 */
export const refreshDailyTotalsJob = defineJobContract({
  name: "refresh-daily-totals",
  schema: refreshDailyTotalsPayload,
  retry: { limit: 2, delaySeconds: 5 },
});
