import "server-only";
import { syncPartnerSource } from "../../services/data-sources/sync/partners/run-partner-sync";
import { queueAlertCheck } from "../../services/alerts/queue-alert-check";
import { refreshDailyTotalsJob } from "../contracts/refresh-daily-totals";
import { syncPartnerSourceJob } from "../contracts/sync-partner-source";
import { defineJobHandler } from "../define-job";
import { enqueue } from "../enqueue";

// Safe to run twice: a second run at the same time skips (one sync per source), and a re-run
// replaces days instead of adding to them.
export const syncPartnerSourceHandler = defineJobHandler(syncPartnerSourceJob, async (payload) => {
  const outcome = await syncPartnerSource(payload.dataSourceId);
  if (outcome.status !== "succeeded") return;
  if (outcome.rows > 0) await enqueue(refreshDailyTotalsJob, { dataSourceId: payload.dataSourceId });
  // The project's latest complete days checked for changes to alert its followers to (README "Alerts").
  await queueAlertCheck(payload.dataSourceId, outcome.endDate);
});
