import "server-only";
import { ensureDailyTotals } from "../../insights/data/daily-totals";
import { refreshDailyTotalsJob } from "../contracts/refresh-daily-totals";
import { defineJobHandler } from "../define-job";

export const refreshDailyTotalsHandler = defineJobHandler(refreshDailyTotalsJob, async (payload) => {
  // Only when stale: an upload usually merged its rows into the rollups already.
  await ensureDailyTotals([payload.dataSourceId]);
});
