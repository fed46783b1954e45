import { z } from "zod";
import { MESSAGES } from "../constants/messages";
import { MAX_REPORT_RECIPIENTS, SETTINGS_MESSAGES } from "../constants/settings";
import { DEFAULT_SHARE_LINK_DAYS, SHARE_LINK_DAYS } from "../constants/share-link-messages";
import { exportSelectionSchema } from "./exports";
import { isEmail, optionalText } from "./fields";

// Emailing a report, by hand or on a schedule: who gets it, what it says, and which file goes with
// it. One set of fields for the dialog, the schedule form, the routes and the delivery job.

export const ATTACHMENT_FORMATS = ["pptx", "xlsx", "none"] as const;
export type AttachmentFormat = (typeof ATTACHMENT_FORMATS)[number];
export const ATTACHMENT_LABELS: Record<AttachmentFormat, string> = {
  pptx: "PowerPoint (.pptx)",
  xlsx: "Excel (.xlsx)",
  none: "No attachment",
};

export const MAX_MESSAGE_LENGTH = 2000;

export const DELIVERY_STATUS_LABELS = {
  queued: "Queued",
  delivering: "Sending",
  delivered: "Delivered",
  failed: "Failed",
  not_sent: "Not sent",
} as const;

export const LINK_EXPIRY_MESSAGE = "Choose 7, 30 or 90 days";
export type DeliveryStatus = keyof typeof DELIVERY_STATUS_LABELS;

/** "a@x.com, b@y.com" (a text field) or an array; at least one, each an email; duplicates dropped. */
export const recipientsField = z
  .union([z.string(), z.array(z.string())], { error: MESSAGES.invalidEmails })
  .transform((v) => (Array.isArray(v) ? v : v.split(/[\s,;]+/)).map((e) => e.trim().toLowerCase()).filter(Boolean))
  .refine((list) => list.length > 0, MESSAGES.required)
  .refine((list) => list.every(isEmail), MESSAGES.invalidEmails)
  .transform((list) => [...new Set(list)])
  .refine((list) => list.length <= MAX_REPORT_RECIPIENTS, SETTINGS_MESSAGES.tooManyRecipients);

/** The email itself: recipients, subject (a default naming the report when empty), message, attachment. */
export const emailContentSchema = z.object({
  recipients: recipientsField,
  subject: optionalText("Subject"),
  message: optionalText("Message", MAX_MESSAGE_LENGTH),
  format: z.enum(ATTACHMENT_FORMATS, { error: "Choose PowerPoint, Excel or no attachment" }).default("pptx"),
  /** How long the share link each email makes for its client recipients opens the report. */
  linkExpiresInDays: z.coerce
    .number({ error: LINK_EXPIRY_MESSAGE })
    .refine((d) => (SHARE_LINK_DAYS as readonly number[]).includes(d), LINK_EXPIRY_MESSAGE)
    .default(DEFAULT_SHARE_LINK_DAYS),
});
export type EmailContent = z.output<typeof emailContentSchema>;
export type EmailContentInput = z.input<typeof emailContentSchema>;

/** POST /insights/properties/{id}/email/send (multipart): the email and what to send. */
export const emailSendSchema = z.object({
  ...emailContentSchema.shape,
  selection: exportSelectionSchema,
});
export type EmailSendInput = z.input<typeof emailSendSchema>;
