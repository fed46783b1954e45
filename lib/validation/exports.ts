import { z } from "zod";
import { REPORT_CONTENTS } from "@/lib/insights/report-document";

// PowerPoint and Excel exports of insights: what to export (a report, a tag, or chosen insights;
// the project's master report when none is named) and the messages the screens show.

export const EXPORT_FORMATS = ["pptx", "xlsx"] as const;
export type ExportFormatKey = (typeof EXPORT_FORMATS)[number];

export const MAX_EXPORT_INSIGHTS = 500;

export const EXPORT_MESSAGES = {
  empty: "There are no insights to export yet: generate the report, or choose insights, and try again.",
  oneSelection: "Choose one report, one tag or a list of insights to export",
  tooMany: `At most ${MAX_EXPORT_INSIGHTS} insights can be exported at once`,
  failed: "The export could not be created. Please try again.",
} as const;

// A query string carries "a,b,c"; a JSON body may carry an array.
const idList = z.preprocess(
  (value) =>
    typeof value === "string"
      ? value
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean)
      : value,
  z.array(z.uuid()).min(1).max(MAX_EXPORT_INSIGHTS, EXPORT_MESSAGES.tooMany),
);

export const exportSelectionSchema = z
  .object({
    reportId: z.uuid().optional(),
    tag: z.uuid().optional(),
    insightIds: idList.optional(),
    /** "significant" (the default): the findings, and one line for what found nothing; "everything": those too. */
    contents: z.enum(REPORT_CONTENTS).optional(),
  })
  .refine((s) => [s.reportId, s.tag, s.insightIds].filter((v) => v !== undefined).length <= 1, {
    message: EXPORT_MESSAGES.oneSelection,
    path: ["reportId"],
  });
export type ExportSelection = z.output<typeof exportSelectionSchema>;
export type ExportSelectionInput = z.input<typeof exportSelectionSchema>;
