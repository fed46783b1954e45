import "server-only";
import { z } from "zod";
import { generateReport } from "./generate-report";
import { defineJob } from "../define-job";

export const generateReportPayload = z.object({ reportId: z.uuid() });

/** Generates a report's insights; idempotent (a re-run replaces them), so retries are safe. */
export const generateReportJob = defineJob({
  name: "generate-report",
  schema: generateReportPayload,
  retry: { limit: 1, delaySeconds: 5 },
  // A user watches the progress bar: pick the job up within half a second.
  pollingIntervalSeconds: 0.5,
  handler: async (payload) => {
    await generateReport(payload.reportId);
  },
});
