import "server-only";
import { and, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import {
  SPLIT_LINK_MESSAGES,
  type listSplitLinksSchema,
  type updateSplitLinkSchema,
} from "@/lib/validation/split-links";
import type { SplitLinkAccess } from "../../auth/split-link-access";
import { requireProjectAccess } from "../../auth/client-access";
import { db } from "../../db/client";
import { splitLinks } from "../../db/schema";
import { ValidationError } from "../../errors";
import type { AccessServiceContext, ServiceContext } from "../context";
import { analyseSplitLink } from "./analyse-split-link";
import { forgetSplitLink } from "./split-link-cache";
import { splitLinkView } from "./split-link-view";

type Ctx = AccessServiceContext<SplitLinkAccess>;

/** GET /split-links?projectId=: the project's split links, newest first. */
export async function listSplitLinks({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: z.output<typeof listSplitLinksSchema>;
}) {
  const { project } = await requireProjectAccess(ctx.actor, input.projectId, "report:view");
  const rows = await db()
    .select()
    .from(splitLinks)
    .where(and(eq(splitLinks.projectId, project.id), eq(splitLinks.agencyId, ctx.actor.agencyId)))
    .orderBy(desc(splitLinks.createdAt));
  return { docs: rows.map(splitLinkView), total: rows.length };
}

/** GET /split-links/{id}: the link with its traffic and the analysis from the project's analytics data. */
export async function getSplitLink({ ctx }: { ctx: Ctx }) {
  const link = ctx.access.splitLink;
  return { ...splitLinkView(link), analysis: await analyseSplitLink(link) };
}

/** PUT /split-links/{id}: rename, pause, resume or stop; a stopped link stays stopped. */
export async function updateSplitLink({ ctx, input }: { ctx: Ctx; input: z.output<typeof updateSplitLinkSchema> }) {
  const link = ctx.access.splitLink;
  if (link.status === "stopped" && input.status && input.status !== "stopped")
    throw new ValidationError({ status: SPLIT_LINK_MESSAGES.stopped }, SPLIT_LINK_MESSAGES.stopped);
  const [updated] = await db()
    .update(splitLinks)
    .set({
      ...(input.name ? { name: input.name } : {}),
      ...(input.status ? { status: input.status } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(splitLinks.id, link.id), eq(splitLinks.agencyId, ctx.actor.agencyId)))
    .returning();
  forgetSplitLink(link.slug);
  return splitLinkView(updated);
}

/** DELETE /split-links/{id}: the public link stops working (404) and its counts go with it. */
export async function deleteSplitLink({ ctx }: { ctx: Ctx }) {
  await db()
    .delete(splitLinks)
    .where(and(eq(splitLinks.id, ctx.access.splitLink.id), eq(splitLinks.agencyId, ctx.actor.agencyId)));
  forgetSplitLink(ctx.access.splitLink.slug);
  return { status: 200, _id: ctx.access.splitLink.id };
}
