import "server-only";
import { eq } from "drizzle-orm";
import { db } from "../../db/client";
import { insightTags } from "../../db/schema";
import type { TagServiceContext } from "../context";

/** DELETE /tags/{id}: the tag and its entries; the insights themselves stay. */
export async function deleteTag({ ctx }: { ctx: TagServiceContext }) {
  const { tag } = ctx.access;
  await db().delete(insightTags).where(eq(insightTags.id, tag.id));
  return { status: 200, message: "Tag deleted", _id: tag.id };
}
