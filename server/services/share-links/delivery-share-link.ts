import "server-only";
import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { hashToken } from "../../auth/tokens";
import { db } from "../../db/client";
import { reportShareLinks } from "../../db/schema";
import { appUrl, env } from "../../env";
import { sharedReportPath } from "./create-share-link";

/**
 * The token of the share link an email delivery makes for its client recipients: derived from the delivery's key
 * with the server's secret, so a retry of the same delivery (after the mail server refused it) finds the same link
 * instead of making another, and the link in a resent message is the one already counted. Unguessable without the
 * secret, as a random token is.
 */
function deliveryToken(deliveryKey: string): string {
  return createHmac("sha256", env().NEXTAUTH_SECRET).update(`funnelwise share link ${deliveryKey}`).digest("base64url");
}

/**
 * A share link of `reportId` for the clients an email goes to: the same kind of link as one made by hand (it
 * expires, can be revoked on the report page, and counts its openings), labelled with whom it was emailed to.
 */
export async function deliveryShareLink(input: {
  agencyId: string;
  reportId: string;
  createdById: string;
  deliveryKey: string;
  expiresInDays: number;
  recipients: string[];
  /** Instead of "Emailed to …" (a schedule's test). */
  label?: string;
}): Promise<{ url: string; expiresAt: Date }> {
  const token = deliveryToken(input.deliveryKey);
  const expiresAt = new Date(Date.now() + input.expiresInDays * 86_400_000);
  const [made] = await db()
    .insert(reportShareLinks)
    .values({
      agencyId: input.agencyId,
      reportId: input.reportId,
      createdById: input.createdById,
      tokenHash: hashToken(token),
      expiresAt,
      label: (input.label ?? `Emailed to ${input.recipients.join(", ")}`).slice(0, 500),
      deliveryKey: input.deliveryKey,
    })
    .onConflictDoNothing({ target: reportShareLinks.deliveryKey })
    .returning({ expiresAt: reportShareLinks.expiresAt });
  const [kept] = made
    ? [made]
    : await db()
        .select({ expiresAt: reportShareLinks.expiresAt })
        .from(reportShareLinks)
        .where(eq(reportShareLinks.deliveryKey, input.deliveryKey));
  return { url: appUrl(sharedReportPath(token)), expiresAt: kept?.expiresAt ?? expiresAt };
}
