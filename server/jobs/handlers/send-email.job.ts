import "server-only";
import { z } from "zod";
import { agencyConfirmationEmail, invitationEmail, passwordResetEmail } from "@/emails/templates";
import { sendMail } from "../../integrations/email/transport";
import { defineJob } from "../define-job";

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
    template: z.literal("invitation"),
    to: z.string(),
    params: z.object({ agencyName: z.string(), inviterName: z.string(), url: z.string() }),
  }),
]);
export type SendEmailPayload = z.output<typeof sendEmailPayload>;

function render(payload: SendEmailPayload) {
  switch (payload.template) {
    case "agency-confirmation":
      return agencyConfirmationEmail(payload.params);
    case "password-reset":
      return passwordResetEmail(payload.params);
    case "invitation":
      return invitationEmail(payload.params);
  }
}

export const sendEmailJob = defineJob({
  name: "send-email",
  schema: sendEmailPayload,
  retry: { limit: 5, delaySeconds: 10 },
  handler: async (payload) => {
    await sendMail({ to: payload.to, ...render(payload) });
  },
});
