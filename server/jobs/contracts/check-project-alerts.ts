import { z } from "zod";
import { defineJobContract } from "../define-job";

export const checkProjectAlertsPayload = z.object({
  projectId: z.uuid(),
  /** The latest complete day the sync brought (its last imported day); default yesterday in the project's zone. */
  through: z.iso.date().optional(),
});

/**
 * After a source's daily sync: the project's latest complete days read by the report's engine, and its new changes
 * alerted to the project's followers (server/services/alerts/check-project-alerts.ts). At most once per change: a
 * retry finds the changes it already alerted.
 */
export const checkProjectAlertsJob = defineJobContract({
  name: "check-project-alerts",
  schema: checkProjectAlertsPayload,
  retry: { limit: 3, delaySeconds: 60 },
  expireInSeconds: 10 * 60,
  // Sent with the project id as singletonKey: one queued check per project while its sources sync.
  policy: "stately",
});
