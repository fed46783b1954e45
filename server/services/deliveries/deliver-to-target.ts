import "server-only";
import { MailDeliveryError, sendReportEmail } from "../../integrations/email/send-report-email";
import { DeliveryFailure, type DeliveryPackage, type DeliveryTarget } from "./delivery-target";
import { toReportEmailModel } from "./report-email-model";

async function deliverEmail(
  target: Extract<DeliveryTarget, { kind: "email" }>,
  pkg: DeliveryPackage,
): Promise<Record<string, unknown>> {
  const { content } = target;
  const model = toReportEmailModel(pkg.model, {
    agencyName: pkg.agencyName,
    reportUrl: pkg.reportUrl,
    message: content.message,
  });
  const logo = pkg.model.theme.logo;
  const messageId = `<${pkg.deliveryKey}@funnelwise.delivery>`;
  try {
    await sendReportEmail({
      to: content.recipients,
      subject: content.subject,
      model,
      attachment: pkg.file
        ? { filename: pkg.file.fileName, content: pkg.file.body, contentType: pkg.file.contentType }
        : undefined,
      logo: logo ? { content: logo.data, contentType: logo.mimeType } : undefined,
      messageId,
    });
  } catch (error) {
    // The mail server refused the connection or the message: it certainly did not take it.
    if (error instanceof MailDeliveryError)
      throw new DeliveryFailure(error.message, error.retryable, true, { cause: error });
    throw error;
  }
  return {
    recipients: content.recipients,
    subject: content.subject ?? null,
    attachment: pkg.file?.fileName ?? null,
    messageId,
  };
}

/** Hands the package to its target; returns what the record keeps about where it went. */
export async function deliverToTarget(target: DeliveryTarget, pkg: DeliveryPackage): Promise<Record<string, unknown>> {
  switch (target.kind) {
    case "email":
      return deliverEmail(target, pkg);
  }
}
