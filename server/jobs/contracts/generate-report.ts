import { z } from "zod";
import { defineJobContract } from "../define-job";

export const generateReportPayload = z.object({ reportId: z.uuid() });

/** Generates a report's insights; idempotent (a re-run replaces them), so retries are safe. */
export const generateReportJob = defineJobContract({
  name: "generate-report",
  schema: generateReportPayload,
  retry: { limit: 1, delaySeconds: 5 },
  // A user watches the progress bar: pick the job up within half a second.
  pollingIntervalSeconds: 0.5,
});
