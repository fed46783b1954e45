import { z } from "zod";
import { MESSAGES, maxLengthMessage } from "../constants/messages";
import { MAX_TEXT_LENGTH } from "./fields";
import { REPORT_MESSAGES, createReportSchema, reportNameSchema } from "./reports";

// The insight screens' forms, on the API's own contracts (./reports.ts).

/** "Generate report": the API's schema, plus the end-not-in-future check the API makes in the project's time zone. */
export const generateReportFormSchema = (today: string) =>
  createReportSchema.refine((v) => v.periodEnd <= today, { message: REPORT_MESSAGES.endInFuture, path: ["periodEnd"] });

// A tag is a custom report whose name becomes an export's file name: it is validated like a
// report name (spec section 5), with its own field name in the messages.
const asTagMessage = (message: string) => message.replace("Report name", "Tag name");

export const tagName = () =>
  z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .max(MAX_TEXT_LENGTH, maxLengthMessage("Tag name"))
    .superRefine((value, ctx) => {
      const result = reportNameSchema.safeParse(value);
      if (!result.success) for (const issue of result.error.issues) ctx.addIssue({ code: "custom", message: asTagMessage(issue.message) });
    });

export const tagFormSchema = z.object({ name: tagName() });
