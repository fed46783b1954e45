import "server-only";
import { and, eq } from "drizzle-orm";
import type { ClientAction } from "@/lib/permissions";
import type { Actor } from "../../auth/actor";
import { requireProjectAccess, type ProjectAccess } from "../../auth/client-access";
import { db } from "../../db/client";
import { insightTags } from "../../db/schema";
import { NotFoundError } from "../../errors";
import { uuidParam } from "../../http/params";

export type InsightTag = typeof insightTags.$inferSelect;
export interface TagAccess extends ProjectAccess {
  tag: InsightTag;
}

/** /tags/{id}: checked through the tag's project to its client. */
export async function requireTagAccess(
  actor: Actor,
  tagId: string | undefined,
  action: ClientAction,
): Promise<TagAccess> {
  const [tag] = await db()
    .select()
    .from(insightTags)
    .where(and(eq(insightTags.id, uuidParam(tagId)), eq(insightTags.agencyId, actor.agencyId)))
    .limit(1);
  if (!tag) throw new NotFoundError();
  return { ...(await requireProjectAccess(actor, tag.projectId, action)), tag };
}
