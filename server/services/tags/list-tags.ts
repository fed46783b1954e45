import "server-only";
import { asc, count, eq } from "drizzle-orm";
import { db } from "../../db/client";
import { insightTagItems, insightTags } from "../../db/schema";
import type { ProjectServiceContext } from "../context";

/** GET /insights/properties/{id}/tags/: the project's tags by name, with their insight counts. */
export async function listTags({ ctx }: { ctx: ProjectServiceContext }) {
  const rows = await db()
    .select({ tag: insightTags, count: count(insightTagItems.insightId) })
    .from(insightTags)
    .leftJoin(insightTagItems, eq(insightTagItems.tagId, insightTags.id))
    .where(eq(insightTags.projectId, ctx.access.project.id))
    .groupBy(insightTags.id)
    .orderBy(asc(insightTags.name), asc(insightTags.id));
  const docs = rows.map((r) => ({
    _id: r.tag.id,
    projectId: r.tag.projectId,
    name: r.tag.name,
    count: r.count,
    createdAt: r.tag.createdAt,
    updatedAt: r.tag.updatedAt,
  }));
  return { docs, total: docs.length };
}
