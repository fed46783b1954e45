import "server-only";
import { refreshDailyTotals } from "../../insights/data/daily-totals";
import { refreshDailyTotalsJob } from "../contracts/refresh-daily-totals";
import { defineJobHandler } from "../define-job";

export const refreshDailyTotalsHandler = defineJobHandler(refreshDailyTotalsJob, async (payload) => {
  await refreshDailyTotals(payload.dataSourceId);
});
