import { z } from "zod";
import { REPORT_MESSAGES, createReportSchema, tagName } from "./reports";

// The insight screens' forms, on the API's own contracts (./reports.ts).

/** "Generate report": the API's schema, plus the end-not-in-future check the API makes in the project's time zone. */
export const generateReportFormSchema = (today: string) =>
  createReportSchema.refine((v) => v.periodEnd <= today, { message: REPORT_MESSAGES.endInFuture, path: ["periodEnd"] });

export const tagFormSchema = z.object({ name: tagName() });
