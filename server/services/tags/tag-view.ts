import "server-only";
import { asc, eq } from "drizzle-orm";
import { db } from "../../db/client";
import { insightTagItems } from "../../db/schema";
import type { InsightTag } from "./tag-access";

/** A tag (a custom report) as the API shows it: its insights' ids and their count. */
export function tagView(tag: InsightTag, insightIds: string[]) {
  return { _id: tag.id, projectId: tag.projectId, name: tag.name, count: insightIds.length, insightIds, createdAt: tag.createdAt, updatedAt: tag.updatedAt };
}
export type TagView = ReturnType<typeof tagView>;

export async function tagInsightIds(tagId: string): Promise<string[]> {
  const rows = await db().select({ id: insightTagItems.insightId }).from(insightTagItems).where(eq(insightTagItems.tagId, tagId)).orderBy(asc(insightTagItems.createdAt), asc(insightTagItems.insightId));
  return rows.map((r) => r.id);
}
