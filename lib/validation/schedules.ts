import { z } from "zod";
import { DEFAULT_REPORT_CONTENTS, REPORT_CONTENTS } from "@/lib/insights/report-document";
import { MESSAGES } from "../constants/messages";
import { SCHEDULE_FREQUENCIES, SCHEDULE_MONTH_DAYS } from "../schedules/next-run";
import { emailContentSchema } from "./deliveries";
import { dropboxFolderPath } from "./dropbox";
import { EXPORT_FORMATS } from "./exports";

// A schedule as the form edits it and POST /insights/{id}/schedules and PUT /schedules/{id} take it.

export const SCHEDULE_MESSAGES = {
  time: "Enter a time as HH:MM",
  weekday: "Choose a weekday",
  monthDay: "Choose the second, the 15th or the last day",
  month: "Choose a month",
  frequency: "Choose weekly, monthly, quarterly or annually",
  subscriptionInactive: "The agency's subscription has expired: scheduled deliveries are paused",
  dropboxFormat: "Choose PowerPoint or Excel",
  pausedForPermission:
    "Paused: its owner is no longer allowed to create schedules. Give the permission back on the staff page to resume it",
  ownerNotAllowed:
    "This schedule's owner is not allowed to create schedules: give them the permission on the staff page first",
} as const;

export const FREQUENCY_LABELS = {
  weekly: "Weekly",
  monthly: "Monthly",
  quarterly: "Quarterly",
  annually: "Annually",
} as const;
export const MONTH_DAY_LABELS = { second: "Second day", fifteenth: "15th day", last: "Last day" } as const;
export const MONTH_LABELS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

// A select sends "" for "not chosen"; numbers arrive as strings from forms.
const blankToNull = (v: unknown) => (v === "" || v === undefined ? null : v);
const smallInt = (min: number, max: number, message: string) =>
  z.preprocess(
    blankToNull,
    z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).nullable(),
  );

const timingShape = {
  insightId: z.preprocess(blankToNull, z.uuid().nullable()).default(null),
  /** What each run's file and email hold: the findings (one line for what found nothing), or everything checked. */
  contents: z.enum(REPORT_CONTENTS).default(DEFAULT_REPORT_CONTENTS),
  frequency: z.enum(SCHEDULE_FREQUENCIES, { error: SCHEDULE_MESSAGES.frequency }),
  weekday: smallInt(0, 6, SCHEDULE_MESSAGES.weekday).default(null),
  monthDay: z
    .preprocess(blankToNull, z.enum(SCHEDULE_MONTH_DAYS, { error: SCHEDULE_MESSAGES.monthDay }).nullable())
    .default(null),
  month: smallInt(1, 12, SCHEDULE_MESSAGES.month).default(null),
  timeOfDay: z.string({ error: MESSAGES.required }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, SCHEDULE_MESSAGES.time),
  isActive: z.boolean().default(true),
};

interface Timing {
  frequency: (typeof SCHEDULE_FREQUENCIES)[number];
  weekday: number | null;
  monthDay: (typeof SCHEDULE_MONTH_DAYS)[number] | null;
  month: number | null;
}

function checkTiming(s: Timing, ctx: z.RefinementCtx) {
  if (s.frequency === "weekly" && s.weekday === null)
    ctx.addIssue({ code: "custom", path: ["weekday"], message: SCHEDULE_MESSAGES.weekday });
  if (s.frequency !== "weekly" && s.monthDay === null)
    ctx.addIssue({ code: "custom", path: ["monthDay"], message: SCHEDULE_MESSAGES.monthDay });
  if (s.frequency === "annually" && s.month === null)
    ctx.addIssue({ code: "custom", path: ["month"], message: SCHEDULE_MESSAGES.month });
}

// Only what the frequency uses is kept, so a weekly schedule never carries a stale month.
function keepTiming<T extends Timing>(s: T): T {
  return {
    ...s,
    weekday: s.frequency === "weekly" ? s.weekday : null,
    monthDay: s.frequency === "weekly" ? null : s.monthDay,
    month: s.frequency === "annually" ? s.month : null,
  };
}

/** The timing alone: what GET /insights/{id}/schedules/outlook reads from the query to judge the next run's data. */
export const scheduleTimingSchema = z
  .object({
    frequency: timingShape.frequency,
    weekday: timingShape.weekday,
    monthDay: timingShape.monthDay,
    month: timingShape.month,
    timeOfDay: timingShape.timeOfDay,
  })
  .superRefine(checkTiming)
  .transform(keepTiming);
export type ScheduleTiming = z.output<typeof scheduleTimingSchema>;

/** An email schedule: the timing and the email (recipients, subject, message, attachment). */
export const scheduleSchema = z
  .object({
    ...timingShape,
    delivery: z.literal("email").default("email"),
    ...emailContentSchema.shape,
  })
  .superRefine(checkTiming)
  .transform(keepTiming);

/** A Dropbox schedule: the timing, the folder chosen with the folder picker, and the file's format. */
export const dropboxScheduleSchema = z
  .object({
    ...timingShape,
    delivery: z.literal("dropbox"),
    folder: dropboxFolderPath,
    format: z.enum(EXPORT_FORMATS, { error: SCHEDULE_MESSAGES.dropboxFormat }).default("pptx"),
  })
  .superRefine(checkTiming)
  .transform(keepTiming);

export type ScheduleInput = z.input<typeof scheduleSchema>;
export type DropboxScheduleInput = z.input<typeof dropboxScheduleSchema>;
export type EmailScheduleValues = z.output<typeof scheduleSchema>;
export type DropboxScheduleValues = z.output<typeof dropboxScheduleSchema>;
export type ScheduleValues = EmailScheduleValues | DropboxScheduleValues;

const isDropbox = (data: unknown) =>
  typeof data === "object" && data !== null && (data as { delivery?: unknown }).delivery === "dropbox";

/**
 * What POST /insights/{id}/schedules and PUT /schedules/{id} take: `delivery: "dropbox"` is checked
 * as a Dropbox schedule, anything else as an email schedule (the default), each with its own fields.
 */
export const anyScheduleSchema = z.unknown().transform((data, ctx): ScheduleValues => {
  const parsed = isDropbox(data) ? dropboxScheduleSchema.safeParse(data) : scheduleSchema.safeParse(data);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
  return z.NEVER;
});
