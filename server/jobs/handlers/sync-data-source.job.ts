import "server-only";
import { z } from "zod";
import { syncDataSource } from "../../services/data-sources/sync/run-sync";
import { defineJob } from "../define-job";
import { enqueue } from "../enqueue";
import { refreshDailyTotalsJob } from "./refresh-daily-totals.job";

export const syncDataSourcePayload = z.object({ dataSourceId: z.uuid() });

/**
 * Imports a connected Google source (first import, resumed import or the daily re-read of recent
 * days). Safe to run twice: a second run at the same time skips (one sync per source), and a
 * re-run replaces days instead of adding to them. Quota and outages throw, so pg-boss retries
 * with backoff; an expired or revoked token does not (it waits for the user to reconnect).
 */
export const syncDataSourceJob = defineJob({
  name: "sync-data-source",
  schema: syncDataSourcePayload,
  retry: { limit: 5, delaySeconds: 60 },
  handler: async (payload) => {
    const outcome = await syncDataSource(payload.dataSourceId);
    if (outcome.status === "succeeded" && outcome.rows > 0)
      await enqueue(refreshDailyTotalsJob, { dataSourceId: payload.dataSourceId });
  },
});
