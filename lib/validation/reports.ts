import { z } from "zod";
import { MESSAGES, maxLengthMessage } from "../constants/messages";
import { daysBetween, isIsoDate } from "../dates";
import { MAX_TEXT_LENGTH } from "./fields";

// Reports, insights, tags and saved insights: the contracts of their API routes and forms.

export const REPORT_MESSAGES = {
  invalidName: 'Report name must not contain any of . < > : " | ? * / \\',
  invalidFileName: "Report name must be a valid file name",
  invalidDate: "Please enter a date as YYYY-MM-DD",
  startAfterEnd: "The start date must be on or before the end date",
  periodTooLong: "The period can be at most 366 days",
  endInFuture: "The end date cannot be in the future",
  periodWithoutData: "This project has no data between these dates: import data for the period or choose another one",
  periodOutsideData: (start: string, end: string) =>
    `This project has no data between these dates: its data covers ${start} to ${end}. Choose dates within them, or import data for the period`,
  tagExists: "A tag with this name already exists",
  reportNotReady: "The report is not ready yet",
} as const;

export const MAX_REPORT_DAYS = 366;
export const COMPARE_TO = ["previous_period", "previous_year"] as const;
const FORBIDDEN_NAME_CHARS = /[.<>:"|?*/\\]/;
// Names Windows refuses for files, and control characters: the name becomes an export's file name.
const RESERVED_FILE_NAMES = /^(con|prn|aux|nul|com\d|lpt\d)$/i;

const isoDate = () => z.string({ error: MESSAGES.required }).trim().refine(isIsoDate, REPORT_MESSAGES.invalidDate);

export const reportNameSchema = z
  .string()
  .trim()
  .max(MAX_TEXT_LENGTH, maxLengthMessage("Report name"))
  .refine((v) => !FORBIDDEN_NAME_CHARS.test(v), REPORT_MESSAGES.invalidName)
  .refine((v) => !/[\u0000-\u001f]/.test(v) && !RESERVED_FILE_NAMES.test(v), REPORT_MESSAGES.invalidFileName);

/** POST /properties/{id}/reports/add. Whether the end is in the future is checked in the project's time zone. */
export const createReportSchema = z
  .object({
    name: reportNameSchema.optional().transform((v) => (v ? v : undefined)),
    periodStart: isoDate(),
    periodEnd: isoDate(),
    compareTo: z
      .enum(COMPARE_TO, { error: "compareTo must be previous_period or previous_year" })
      .default("previous_period"),
  })
  .superRefine((v, ctx) => {
    if (!isIsoDate(v.periodStart) || !isIsoDate(v.periodEnd)) return;
    const days = daysBetween(v.periodStart, v.periodEnd);
    if (days < 1) ctx.addIssue({ code: "custom", path: ["periodStart"], message: REPORT_MESSAGES.startAfterEnd });
    else if (days > MAX_REPORT_DAYS)
      ctx.addIssue({ code: "custom", path: ["periodEnd"], message: REPORT_MESSAGES.periodTooLong });
  });
export type CreateReportInput = z.input<typeof createReportSchema>;

/**
 * GET /reports/{id}?wait=N&status=...&progress=...: while the report is queued or running, answer at its
 * next change from the status and progress the caller already has (the report's own when not given), or
 * after N seconds (at most 25).
 */
export const reportWaitQuerySchema = z.object({
  wait: z.coerce.number().min(0).max(25).optional(),
  status: z.enum(["queued", "running", "ready", "failed"]).optional(),
  progress: z.coerce.number().int().min(0).max(100).optional(),
});
export type ReportWaitQuery = z.infer<typeof reportWaitQuerySchema>;

export const INSIGHT_GROUPS = ["most_impactful", "data_quality", "other"] as const;
export const INSIGHT_STAGES = ["exposure", "exploration", "evaluation", "experience", "audit"] as const;

/** GET /insights/properties/{id}: filters; the master report (newest ready) by default. */
export const insightQuerySchema = z.object({
  reportId: z.uuid().optional(),
  group: z.enum(INSIGHT_GROUPS).optional(),
  stage: z.enum(INSIGHT_STAGES).optional(),
  tag: z.uuid().optional(),
  q: z.string().trim().max(MAX_TEXT_LENGTH).optional(),
});
export type InsightQuery = z.output<typeof insightQuerySchema>;

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
      if (!result.success)
        for (const issue of result.error.issues) ctx.addIssue({ code: "custom", message: asTagMessage(issue.message) });
    });

const insightIds = z.array(z.uuid()).max(500);

/** POST /insights/properties/{id}/tags/add: creates the tag, or adds to the one with that name. */
export const addTagSchema = z.object({
  name: tagName(),
  insightIds: insightIds.default([]),
});
/** PUT /tags/{id}: renames and/or replaces the tag's insights. */
export const updateTagSchema = z.object({
  name: tagName().optional(),
  insightIds: insightIds.optional(),
});

/** POST /saved-insights/properties/{id} and DELETE (body or ?insightId=). */
export const savedInsightSchema = z.object({ insightId: z.uuid({ error: "insightId must be an insight id" }) });
