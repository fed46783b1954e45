import "server-only";
import { asc, eq } from "drizzle-orm";
import { db, type DbOrTx } from "../../db/client";
import { insightTagItems } from "../../db/schema";
import type { InsightTag } from "../../auth/child-access";

/** A tag (a custom report) as the API shows it: its insights' ids and their count. */
export function tagView(tag: InsightTag, insightIds: string[]) {
  return {
    _id: tag.id,
    projectId: tag.projectId,
    name: tag.name,
    count: insightIds.length,
    insightIds,
    createdAt: tag.createdAt,
    updatedAt: tag.updatedAt,
  };
}
export type TagView = ReturnType<typeof tagView>;

/** The tag's insight ids; pass the transaction that just changed them to read its own writes. */
export async function tagInsightIds(tagId: string, executor: DbOrTx = db()): Promise<string[]> {
  const rows = await executor
    .select({ id: insightTagItems.insightId })
    .from(insightTagItems)
    .where(eq(insightTagItems.tagId, tagId))
    .orderBy(asc(insightTagItems.createdAt), asc(insightTagItems.insightId));
  return rows.map((r) => r.id);
}
