import "server-only";
import { renderReportEmail } from "@/emails/report-email";
import { reportEmailPeriod, type ReportEmailModel } from "@/emails/report-email-model";
import { DELIVERY_MESSAGES } from "@/lib/constants/messages";
import { sendMail, type MailAttachment } from "./transport";

/** A send that failed for a reason the user can act on; the run record keeps `message`. */
export class MailDeliveryError extends Error {
  constructor(
    message: string,
    /** Connection failures are worth retrying; a refused message is not. */
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "MailDeliveryError";
  }
}

const CONNECTION_CODES = new Set(["ECONNECTION", "ETIMEDOUT", "ESOCKET", "EDNS", "ECONNREFUSED", "ECONNRESET"]);

function classify(error: unknown): MailDeliveryError {
  const e = error as { code?: string; responseCode?: number; message?: string };
  if (e.code && CONNECTION_CODES.has(e.code))
    return new MailDeliveryError(`${DELIVERY_MESSAGES.mailServerDown} (${e.code})`, true, { cause: error });
  // 4xx SMTP replies are temporary by definition (RFC 5321); 5xx are final.
  if (typeof e.responseCode === "number") {
    const temporary = e.responseCode >= 400 && e.responseCode < 500;
    return new MailDeliveryError(`${DELIVERY_MESSAGES.mailRejected} (${e.responseCode})`, temporary, {
      cause: error,
    });
  }
  return new MailDeliveryError(`${DELIVERY_MESSAGES.mailServerDown} (${e.message ?? "unknown error"})`, true, {
    cause: error,
  });
}

const LOGO_CID = "brand-logo@funnelwise";

export function defaultReportSubject(model: ReportEmailModel): string {
  return `${model.brand.reportTitle}: ${model.clientName} – ${model.projectName}, ${reportEmailPeriod(model)}`;
}

/**
 * Renders the branded report email and sends it to every recipient in one message, with the export
 * attached when there is one. Without SMTP_URL it lands in MAIL_DIR like every other email.
 */
export async function sendReportEmail(input: {
  to: string[];
  subject?: string;
  model: ReportEmailModel;
  attachment?: MailAttachment;
  /** The agency's logo, shown in the header from the message itself (no public image URL needed). */
  logo?: { content: Buffer; contentType: string };
  messageId?: string;
  /** Where the recipients' answers go: the person who set the delivery up. */
  replyTo?: string;
}): Promise<void> {
  const logo = input.logo
    ? { filename: `logo.${input.logo.contentType === "image/png" ? "png" : "jpg"}`, cid: LOGO_CID, ...input.logo }
    : null;
  const model: ReportEmailModel = {
    ...input.model,
    brand: { ...input.model.brand, logoUrl: logo ? `cid:${LOGO_CID}` : input.model.brand.logoUrl },
    attachmentName: input.attachment?.filename,
  };
  const { html, text } = await renderReportEmail(model);
  try {
    await sendMail({
      to: input.to,
      subject: input.subject?.trim() || defaultReportSubject(model),
      html,
      text,
      attachments: [...(input.attachment ? [input.attachment] : []), ...(logo ? [logo] : [])],
      messageId: input.messageId,
      // From the agency, never from our product: the client sees its agency's name in the inbox.
      fromName: input.model.brand.agencyName,
      replyTo: input.replyTo,
    });
  } catch (error) {
    throw classify(error);
  }
}
