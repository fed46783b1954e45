import { z } from "zod";
import { defineJobContract } from "../define-job";

/**
 * One person's alert digest: their alerts not yet emailed, in one email, at most one a day
 * (server/services/alerts/send-alert-digest.ts). Queued by the alert check with the alerts; the daily run (no
 * `userId`) sends the digests a person's earlier one that day held back.
 */
export const sendAlertDigestJob = defineJobContract({
  name: "send-alert-digest",
  schema: z.object({ userId: z.uuid().optional() }),
  retry: { limit: 5, delaySeconds: 30 },
  policy: "stately",
  cron: "15 0 * * *",
});
