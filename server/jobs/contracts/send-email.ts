import { z } from "zod";
import { defineJobContract } from "../define-job";

export const sendEmailPayload = z.discriminatedUnion("template", [
  z.object({
    template: z.literal("agency-confirmation"),
    to: z.string(),
    params: z.object({ firstName: z.string(), agencyName: z.string(), url: z.string() }),
  }),
  z.object({
    template: z.literal("password-reset"),
    to: z.string(),
    params: z.object({ firstName: z.string(), url: z.string() }),
  }),
  z.object({
    template: z.literal("account-exists"),
    to: z.string(),
    params: z.object({ firstName: z.string(), loginUrl: z.string() }),
  }),
  z.object({
    template: z.literal("invitation"),
    to: z.string(),
    params: z.object({ agencyName: z.string(), inviterName: z.string(), url: z.string() }),
  }),
  z.object({
    template: z.literal("invitation-account-exists"),
    to: z.string(),
    params: z.object({ firstName: z.string(), agencyName: z.string(), inviterName: z.string(), loginUrl: z.string() }),
  }),
  z.object({
    template: z.literal("schedules-paused"),
    to: z.string(),
    params: z.object({ staffName: z.string(), staffEmail: z.string(), paused: z.number().int(), url: z.string() }),
  }),
  z.object({
    template: z.literal("schedule-not-sent"),
    to: z.string(),
    params: z.object({
      firstName: z.string(),
      schedule: z.string(),
      period: z.string(),
      reason: z.string(),
      url: z.string(),
    }),
  }),
]);
export type SendEmailPayload = z.output<typeof sendEmailPayload>;

/** Sends one transactional email from its template; a failed delivery is retried. */
export const sendEmailJob = defineJobContract({
  name: "send-email",
  schema: sendEmailPayload,
  retry: { limit: 5, delaySeconds: 10 },
});
