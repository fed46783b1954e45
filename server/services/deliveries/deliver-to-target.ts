import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { db } from "../../db/client";
import { users } from "../../db/schema";
import { env } from "../../env";
import { AppError } from "../../errors";
import { defaultReportSubject, MailDeliveryError, sendReportEmail } from "../../integrations/email/send-report-email";
import { saveFileToDropbox } from "../dropbox/save-file";
import { deliveryShareLink } from "../share-links/delivery-share-link";
import { DELIVERY_LINK_MESSAGES, DeliveryFailure, type DeliveryPackage, type DeliveryTarget } from "./delivery-target";
import { toReportEmailModel } from "./report-email-model";

/** The recipients who are the agency's own staff: they get the app's link, everyone else the report's share link. */
async function staffAmong(agencyId: string, recipients: string[]): Promise<Set<string>> {
  if (recipients.length === 0) return new Set();
  const rows = await db()
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        eq(users.agencyId, agencyId),
        inArray(
          sql`lower(${users.email})`,
          recipients.map((r) => r.toLowerCase()),
        ),
      ),
    );
  return new Set(rows.map((r) => r.email.toLowerCase()));
}

/** A Message-ID under the app's own host: stable per delivery and part, and naming no product the client sees. */
function messageIdOf(deliveryKey: string, part: string): string {
  let host = "localhost";
  try {
    host = new URL(env().APP_URL).hostname || host;
  } catch {
    // APP_URL is validated at start-up; the default host only guards a test environment.
  }
  return `<${deliveryKey}-${part}@${host}>`;
}

/**
 * The email, in one message per audience: the client's recipients get a share link of the report made for this
 * delivery (it opens without an account, expires after the email's days, is revoked and counted like any other),
 * the agency's own staff the report in the app. A retry after one message went out sends only the other.
 */
async function deliverEmail(
  target: Extract<DeliveryTarget, { kind: "email" }>,
  pkg: DeliveryPackage,
): Promise<Record<string, unknown>> {
  const { content } = target;
  // A test shows its editor the email exactly as the schedule's clients get it.
  const staff = target.test ? new Set<string>() : await staffAmong(pkg.agencyId, content.recipients);
  const audiences = [
    { part: "clients", to: content.recipients.filter((r) => !staff.has(r.toLowerCase())) },
    { part: "staff", to: content.recipients.filter((r) => staff.has(r.toLowerCase())) },
  ].filter((a) => a.to.length > 0);
  const logo = pkg.model.theme.logo;
  const messageIds: string[] = [];
  let shareLinkExpiresAt: string | null = null;
  for (const audience of audiences) {
    const messageId = messageIdOf(pkg.deliveryKey, audience.part);
    messageIds.push(messageId);
    if (pkg.sentParts.includes(audience.part)) continue;
    let link: { url: string; expiresAt: Date | null } = { url: pkg.appUrl, expiresAt: null };
    if (audience.part === "clients") {
      if (!pkg.reportId) throw new DeliveryFailure(DELIVERY_LINK_MESSAGES.noReport, false, true);
      link = await deliveryShareLink({
        agencyId: pkg.agencyId,
        reportId: pkg.reportId,
        createdById: pkg.ownerId,
        deliveryKey: pkg.deliveryKey,
        expiresInDays: content.linkExpiresInDays,
        recipients: audience.to,
        label: target.test ? `Test email to ${audience.to.join(", ")}` : undefined,
      });
      shareLinkExpiresAt = link.expiresAt?.toISOString() ?? null;
    }
    const model = toReportEmailModel(pkg.model, {
      agencyName: pkg.agencyName,
      reportUrl: link.url,
      linkExpiresAt: link.expiresAt,
      message: content.message,
    });
    try {
      await sendReportEmail({
        to: audience.to,
        subject: target.test ? `Test: ${content.subject?.trim() || defaultReportSubject(model)}` : content.subject,
        model,
        attachment: pkg.file
          ? { filename: pkg.file.fileName, content: pkg.file.body, contentType: pkg.file.contentType }
          : undefined,
        logo: logo ? { content: logo.data, contentType: logo.mimeType } : undefined,
        messageId,
        replyTo: target.test ? undefined : pkg.ownerEmail,
      });
    } catch (error) {
      // The mail server refused the connection or the message: it certainly did not take it.
      if (error instanceof MailDeliveryError)
        throw new DeliveryFailure(error.message, error.retryable, true, { cause: error });
      throw error;
    }
    await pkg.markSent(audience.part);
  }
  return {
    recipients: content.recipients,
    clientRecipients: audiences.find((a) => a.part === "clients")?.to ?? [],
    staffRecipients: audiences.find((a) => a.part === "staff")?.to ?? [],
    shareLinkExpiresAt,
    subject: content.subject ?? null,
    attachment: pkg.file?.fileName ?? null,
    messageIds,
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
