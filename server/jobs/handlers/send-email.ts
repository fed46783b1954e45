import "server-only";
import {
  accountExistsEmail,
  agencyConfirmationEmail,
  invitationAccountExistsEmail,
  invitationEmail,
  passwordResetEmail,
} from "@/emails/templates";
import { scheduleNotSentEmail, schedulesPausedEmail } from "@/emails/account-notices";
import { sendMail } from "../../integrations/email/transport";
import { sendEmailJob, type SendEmailPayload } from "../contracts/send-email";
import { defineJobHandler } from "../define-job";

function render(payload: SendEmailPayload) {
  switch (payload.template) {
    case "agency-confirmation":
      return agencyConfirmationEmail(payload.params);
    case "password-reset":
      return passwordResetEmail(payload.params);
    case "account-exists":
      return accountExistsEmail(payload.params);
    case "invitation":
      return invitationEmail(payload.params);
    case "invitation-account-exists":
      return invitationAccountExistsEmail(payload.params);
    case "schedules-paused":
      return schedulesPausedEmail(payload.params);
    case "schedule-not-sent":
      return scheduleNotSentEmail(payload.params);
  }
}

export const sendEmailHandler = defineJobHandler(sendEmailJob, async (payload) => {
  await sendMail({ to: payload.to, ...render(payload) });
});
