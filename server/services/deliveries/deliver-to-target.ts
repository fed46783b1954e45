import "server-only";
import { AppError } from "../../errors";
import { MailDeliveryError, sendReportEmail } from "../../integrations/email/send-report-email";
import { saveFileToDropbox } from "../dropbox/save-file";
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

/**
 * Saves the file into the Dropbox folder. Dropbox's refusals become the run's reason: a dead token
 * (the session is revoked by then) and a folder it may not write are final, with the spec's
 * messages; a rate limit or an unavailable Dropbox answered without taking the file, so the job's
 * retry (with backoff) may upload it; anything else leaves it unknown whether the file landed, and
 * the retry records that instead of uploading a second copy.
 */
async function deliverDropbox(
  target: Extract<DeliveryTarget, { kind: "dropbox" }>,
  pkg: DeliveryPackage,
): Promise<Record<string, unknown>> {
  if (!pkg.file) throw new DeliveryFailure("A Dropbox delivery needs a PowerPoint or Excel file", false, true);
  try {
    const saved = await saveFileToDropbox({ userId: target.userId, folder: target.folder, file: pkg.file });
    return { dropboxPath: saved.path, size: saved.size, fileName: pkg.file.fileName, folder: target.folder };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.status === 400) throw new DeliveryFailure(error.message, false, true, { cause: error });
    if (error.status === 429 || error.status === 503)
      throw new DeliveryFailure(error.message, true, true, { cause: error });
    throw new DeliveryFailure(error.message, true, false, { cause: error });
  }
}

/** Hands the package to its target; returns what the record keeps about where it went. */
export async function deliverToTarget(target: DeliveryTarget, pkg: DeliveryPackage): Promise<Record<string, unknown>> {
  switch (target.kind) {
    case "email":
      return deliverEmail(target, pkg);
    case "dropbox":
      return deliverDropbox(target, pkg);
  }
}
