import { z } from "zod";
import { MESSAGES, maxLengthMessage } from "../constants/messages";
import { PLAN_KINDS, PLAN_TIERS } from "../constants/plans";
import { MAX_TEXT_LENGTH } from "./fields";

export const SUPPORT_MESSAGE_MAX = 5000;

export const SUPPORT_MESSAGES = {
  notConfigured:
    "Support by form is not set up on this server (no SUPPORT_EMAIL). Please ask the person who runs Funnelwise for you.",
  planPair: "Choose both the plan and whether it is Team or Personal",
  sent: "Your request was sent to support. A confirmation is on its way to your inbox.",
} as const;

/** POST /support-requests: an agency admin's question, or a plan change with the plan wanted. */
export const supportRequestSchema = z
  .object({
    subject: z
      .string({ error: MESSAGES.required })
      .trim()
      .min(1, MESSAGES.required)
      .max(MAX_TEXT_LENGTH, maxLengthMessage("Subject")),
    message: z
      .string({ error: MESSAGES.required })
      .trim()
      .min(1, MESSAGES.required)
      .max(SUPPORT_MESSAGE_MAX, maxLengthMessage("Message", SUPPORT_MESSAGE_MAX)),
    planTier: z.enum(PLAN_TIERS as [string, ...string[]]).optional(),
    planKind: z.enum(PLAN_KINDS as [string, ...string[]]).optional(),
  })
  .refine((v) => (v.planTier === undefined) === (v.planKind === undefined), {
    message: SUPPORT_MESSAGES.planPair,
    path: ["planTier"],
  });
export type SupportRequestInput = z.input<typeof supportRequestSchema>;
