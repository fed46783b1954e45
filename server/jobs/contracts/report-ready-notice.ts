import { z } from "zod";
import { defineJobContract } from "../define-job";

/** Emails a ready report's link to the person who asked for it, in the agency's look. */
export const reportReadyNoticeJob = defineJobContract({
  name: "report-ready-notice",
  schema: z.object({ reportId: z.uuid() }),
  retry: { limit: 5, delaySeconds: 30 },
});
