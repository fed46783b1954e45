import "server-only";
import { EMAIL_SEND_MESSAGES as M } from "@/lib/constants/messages";
import { emailSendSchema } from "@/lib/validation/deliveries";
import { parseWith } from "./body";
import { readFormData, textField } from "./multipart";

const MAX_FORM_BYTES = 256 * 1024;

/**
 * The multipart body of POST .../email/send: recipients (one field with a list, or the field
 * repeated), subject, message, format, the client link's days (linkExpiresInDays), and the
 * selection (reportId, tag or insightIds).
 */
export async function readEmailSendForm(req: Request) {
  const form = await readFormData(req, {
    maxBodyBytes: MAX_FORM_BYTES,
    tooLargeMessage: M.tooLarge,
    notFormMessage: M.notForm,
    malformedMessage: M.malformed,
  });
  const recipients = form.getAll("recipients").filter((v): v is string => typeof v === "string");
  const insightIds = form.getAll("insightIds").filter((v): v is string => typeof v === "string");
  const data = {
    recipients: recipients.length > 1 ? recipients : (recipients[0] ?? ""),
    subject: textField(form, "subject"),
    message: textField(form, "message"),
    format: textField(form, "format") || undefined,
    linkExpiresInDays: textField(form, "linkExpiresInDays") || undefined,
    selection: {
      reportId: textField(form, "reportId") || undefined,
      tag: textField(form, "tag") || undefined,
      insightIds: insightIds.length > 1 ? insightIds : insightIds[0] || undefined,
      contents: textField(form, "contents") || undefined,
    },
  };
  return parseWith(emailSendSchema, data);
}
