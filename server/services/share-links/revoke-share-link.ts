import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { requireReportAccess } from "../../auth/child-access";
import { db } from "../../db/client";
import { reportShareLinks } from "../../db/schema";
import { NotFoundError } from "../../errors";
import type { ServiceContext } from "../context";
import { shareLinkView, type ShareLinkView } from "./share-link-view";

/** POST /reportTokens/{id}/revoke: the link stops opening the report at once (revoking twice is harmless). */
export async function revokeShareLink({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { linkId: string };
}): Promise<ShareLinkView> {
  const [link] = await db()
    .select()
    .from(reportShareLinks)
    .where(and(eq(reportShareLinks.id, input.linkId), eq(reportShareLinks.agencyId, ctx.actor.agencyId)));
  if (!link) throw new NotFoundError();
  // The caller must still be allowed to manage the report's client (a Viewer cannot withdraw links).
  await requireReportAccess(ctx.actor, link.reportId, "report:manage");
  const [updated] = await db()
    .update(reportShareLinks)
    .set({ revokedAt: new Date() })
    .where(and(eq(reportShareLinks.id, link.id), isNull(reportShareLinks.revokedAt)))
    .returning();
  return shareLinkView(updated ?? link);
}
