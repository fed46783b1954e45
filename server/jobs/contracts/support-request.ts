import { z } from "zod";
import { defineJobContract } from "../define-job";

/** Emails one support request to the operator's SUPPORT_EMAIL and confirms it to its sender. */
export const supportRequestJob = defineJobContract({
  name: "support-request",
  schema: z.object({ requestId: z.uuid() }),
  retry: { limit: 6, delaySeconds: 30 },
});
