import "server-only";
import type { ReportShareLink } from "../../db/schema";

export type ShareLinkStatus = "active" | "expired" | "revoked";

export function shareLinkStatus(
  link: Pick<ReportShareLink, "expiresAt" | "revokedAt">,
  now = new Date(),
): ShareLinkStatus {
  if (link.revokedAt) return "revoked";
  return link.expiresAt.getTime() <= now.getTime() ? "expired" : "active";
}

/** A link as its creator's screens see it: everything but the token, which is never stored. */
export function shareLinkView(link: ReportShareLink) {
  return {
    _id: link.id,
    reportId: link.reportId,
    status: shareLinkStatus(link),
    expiresAt: link.expiresAt.toISOString(),
    revokedAt: link.revokedAt?.toISOString() ?? null,
    openCount: link.openCount,
    /** "Emailed to sam@client.com" for a link an email made; null for one made on the report page. */
    label: link.label ?? null,
    lastOpenedAt: link.lastOpenedAt?.toISOString() ?? null,
    createdAt: link.createdAt.toISOString(),
  };
}
export type ShareLinkView = ReturnType<typeof shareLinkView>;
