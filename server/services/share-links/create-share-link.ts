import "server-only";
import { generateToken } from "../../auth/tokens";
import { requireReportAccess } from "../../auth/child-access";
import { db } from "../../db/client";
import { reportShareLinks } from "../../db/schema";
import { appUrl } from "../../env";
import { BadRequestError } from "../../errors";
import { SHARE_LINK_MESSAGES } from "@/lib/constants/share-link-messages";
import type { ServiceContext } from "../context";
import { shareLinkView, type ShareLinkView } from "./share-link-view";

export const sharedReportPath = (token: string) => `/shared/${token}`;

/**
 * POST /reportTokens: a read-only link to one report of the caller's agency, for a client without
 * an account. The token is returned this once; only its hash is stored. Those who may manage a
 * client's reports may share them; another agency's report id is a 404.
 */
export async function createShareLink({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { reportId: string; expiresInDays: number };
}): Promise<ShareLinkView & { token: string; url: string }> {
  const { report } = await requireReportAccess(ctx.actor, input.reportId, "report:manage");
  if (report.status !== "ready") throw new BadRequestError(SHARE_LINK_MESSAGES.notReady);
  const { token, tokenHash } = generateToken();
  const [link] = await db()
    .insert(reportShareLinks)
    .values({
      agencyId: ctx.actor.agencyId,
      reportId: report.id,
      createdById: ctx.actor.userId,
      tokenHash,
      expiresAt: new Date(Date.now() + input.expiresInDays * 86_400_000),
    })
    .returning();
  return { ...shareLinkView(link), token, url: appUrl(sharedReportPath(token)) };
}
