import "server-only";
import { syncDataSource } from "../../services/data-sources/sync/run-sync";
import { queueAlertCheck } from "../../services/alerts/queue-alert-check";
import { refreshDailyTotalsJob } from "../contracts/refresh-daily-totals";
import { syncDataSourceJob } from "../contracts/sync-data-source";
import { defineJobHandler } from "../define-job";
import { enqueue } from "../enqueue";

// Safe to run twice: a second run at the same time skips (one sync per source), and a re-run replaces
// days instead of adding to them. An expired or revoked token does not throw: it waits for the user
// to reconnect instead of burning retries.
export const syncDataSourceHandler = defineJobHandler(syncDataSourceJob, async (payload) => {
  const outcome = await syncDataSource(payload.dataSourceId);
  if (outcome.status !== "succeeded") return;
  if (outcome.rows > 0) await enqueue(refreshDailyTotalsJob, { dataSourceId: payload.dataSourceId });
  // The project's latest complete days checked for changes to alert its followers to (README "Alerts").
  await queueAlertCheck(payload.dataSourceId, outcome.endDate);
});
