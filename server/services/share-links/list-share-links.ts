import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { requireReportAccess } from "../../auth/child-access";
import { db } from "../../db/client";
import { reportShareLinks } from "../../db/schema";
import type { ServiceContext } from "../context";
import { shareLinkView, type ShareLinkView } from "./share-link-view";

/** GET /reportTokens?reportId=: a report's share links, newest first, with their state. */
export async function listShareLinks({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { reportId: string };
}): Promise<{ docs: ShareLinkView[] }> {
  const { report } = await requireReportAccess(ctx.actor, input.reportId, "report:manage");
  const rows = await db()
    .select()
    .from(reportShareLinks)
    .where(and(eq(reportShareLinks.reportId, report.id), eq(reportShareLinks.agencyId, ctx.actor.agencyId)))
    .orderBy(desc(reportShareLinks.createdAt));
  return { docs: rows.map(shareLinkView) };
}
