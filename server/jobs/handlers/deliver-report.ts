import "server-only";
import { deliverManual } from "../../services/deliveries/manual-delivery";
import { deliverScheduleRun } from "../../services/deliveries/scheduled-delivery";
import { deliverReportJob } from "../contracts/deliver-report";
import { defineJobHandler } from "../define-job";

// A temporary failure is thrown by the delivery (after recording it), so pg-boss retries with backoff.
export const deliverReportHandler = defineJobHandler(deliverReportJob, async (payload, meta) => {
  if (payload.source === "manual") await deliverManual(payload.deliveryId, meta.jobId);
  else await deliverScheduleRun(payload.runId, meta.jobId);
});
