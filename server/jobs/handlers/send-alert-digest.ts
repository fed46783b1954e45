import "server-only";
import { sendAlertDigest, usersWithPendingAlerts } from "../../services/alerts/send-alert-digest";
import { sendAlertDigestJob } from "../contracts/send-alert-digest";
import { defineJobHandler } from "../define-job";

// One person's digest (queued by the alert check), or everyone's held back by the one-a-day limit (the daily run).
export const sendAlertDigestHandler = defineJobHandler(sendAlertDigestJob, async (payload) => {
  const people = payload.userId ? [payload.userId] : await usersWithPendingAlerts();
  for (const userId of people) await sendAlertDigest(userId);
});
