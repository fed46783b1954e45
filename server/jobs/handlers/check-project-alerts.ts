import "server-only";
import { checkProjectAlerts } from "../../services/alerts/check-project-alerts";
import { checkProjectAlertsJob } from "../contracts/check-project-alerts";
import { defineJobHandler } from "../define-job";

// Safe to run twice: the check finds the changes it already alerted (unique on each change's identity) and alerts
// only new ones, so a retry or a worker restarted mid-job sends nothing twice.
export const checkProjectAlertsHandler = defineJobHandler(checkProjectAlertsJob, async (payload) => {
  await checkProjectAlerts(payload.projectId, { through: payload.through });
});
