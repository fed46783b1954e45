import { z } from "zod";
import { MESSAGES } from "../constants/messages";
import { SCHEDULE_FREQUENCIES, SCHEDULE_MONTH_DAYS } from "../schedules/next-run";
import { emailContentSchema } from "./deliveries";

// A schedule as the form edits it and POST /insights/{id}/schedules and PUT /schedules/{id} take it.

export const SCHEDULE_MESSAGES = {
  time: "Enter a time as HH:MM",
  weekday: "Choose a weekday",
  monthDay: "Choose the second, the 15th or the last day",
  month: "Choose a month",
  frequency: "Choose weekly, monthly, quarterly or annually",
  subscriptionInactive: "The agency's subscription has expired: scheduled deliveries are paused",
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

export const scheduleSchema = z
  .object({
    insightId: z.preprocess(blankToNull, z.uuid().nullable()).default(null),
    delivery: z.literal("email").default("email"),
    frequency: z.enum(SCHEDULE_FREQUENCIES, { error: SCHEDULE_MESSAGES.frequency }),
    weekday: smallInt(0, 6, SCHEDULE_MESSAGES.weekday).default(null),
    monthDay: z
      .preprocess(blankToNull, z.enum(SCHEDULE_MONTH_DAYS, { error: SCHEDULE_MESSAGES.monthDay }).nullable())
      .default(null),
    month: smallInt(1, 12, SCHEDULE_MESSAGES.month).default(null),
    timeOfDay: z.string({ error: MESSAGES.required }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, SCHEDULE_MESSAGES.time),
    ...emailContentSchema.shape,
    isActive: z.boolean().default(true),
  })
  .superRefine((s, ctx) => {
    if (s.frequency === "weekly" && s.weekday === null)
      ctx.addIssue({ code: "custom", path: ["weekday"], message: SCHEDULE_MESSAGES.weekday });
    if (s.frequency !== "weekly" && s.monthDay === null)
      ctx.addIssue({ code: "custom", path: ["monthDay"], message: SCHEDULE_MESSAGES.monthDay });
    if (s.frequency === "annually" && s.month === null)
      ctx.addIssue({ code: "custom", path: ["month"], message: SCHEDULE_MESSAGES.month });
  })
  // Only what the frequency uses is kept, so a weekly schedule never carries a stale month.
  .transform((s) => ({
    ...s,
    weekday: s.frequency === "weekly" ? s.weekday : null,
    monthDay: s.frequency === "weekly" ? null : s.monthDay,
    month: s.frequency === "annually" ? s.month : null,
  }));
export type ScheduleInput = z.input<typeof scheduleSchema>;
export type ScheduleValues = z.output<typeof scheduleSchema>;
