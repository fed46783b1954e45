import { z } from "zod";
import { MESSAGES, maxLengthMessage } from "../constants/messages";
import { MAX_TEXT_LENGTH } from "./fields";

// Report and tag names become file names (exports), so spec section 5's rule applies to both: none
// of . < > : " | ? * / \ and a valid file name (no control characters, no reserved device names).
const FORBIDDEN = /[.<>:"|?*/\\]/;
const CONTROL = /[\u0000-\u001f\u007f]/;
const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;

export const REPORT_NAME_MESSAGES = {
  forbiddenCharacters: (field: string) => `${field} must not contain any of . < > : " | ? * / \\`,
  invalidFileName: (field: string) => `${field} must be a valid file name`,
  periodOrder: "The period must start on or before its end",
  periodFuture: "The period cannot end after today",
  invalidDate: "Please enter a valid date",
} as const;

export function isValidFileName(value: string): boolean {
  return !CONTROL.test(value) && !RESERVED.test(value.trim()) && value.trim() === value && value.length > 0;
}

const nameRules = <S extends z.ZodType<string | undefined>>(schema: S, field: string) =>
  schema
    .refine((v) => !v || !FORBIDDEN.test(v), REPORT_NAME_MESSAGES.forbiddenCharacters(field))
    .refine((v) => !v || FORBIDDEN.test(v) || isValidFileName(v), REPORT_NAME_MESSAGES.invalidFileName(field));

/** A report name: optional. */
export const reportName = (field = "Report name") =>
  nameRules(z.string().trim().max(MAX_TEXT_LENGTH, maxLengthMessage(field)).optional(), field).transform((v) => (v ? v : undefined));

/** A tag name (a custom report's name): required, same rules. */
export const tagName = (field = "Tag name") =>
  nameRules(z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(MAX_TEXT_LENGTH, maxLengthMessage(field)), field);

const isoDate = z
  .string({ error: MESSAGES.required })
  .min(1, MESSAGES.required)
  .regex(/^\d{4}-\d{2}-\d{2}$/, REPORT_NAME_MESSAGES.invalidDate)
  .refine((v) => !Number.isNaN(new Date(`${v}T00:00:00Z`).getTime()), REPORT_NAME_MESSAGES.invalidDate);

/** The "Generate report" form. `today` (YYYY-MM-DD in the project's time zone) bounds the period's end. */
export const generateReportFormSchema = (today: string) =>
  z
    .object({
      name: reportName(),
      periodStart: isoDate,
      periodEnd: isoDate,
      compareTo: z.enum(["previous_period", "previous_year"]),
    })
    .refine((v) => v.periodStart <= v.periodEnd, { message: REPORT_NAME_MESSAGES.periodOrder, path: ["periodEnd"] })
    .refine((v) => v.periodEnd <= today, { message: REPORT_NAME_MESSAGES.periodFuture, path: ["periodEnd"] });

export const tagFormSchema = z.object({ name: tagName() });
