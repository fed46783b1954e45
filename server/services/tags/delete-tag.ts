import "server-only";
import { eq } from "drizzle-orm";
import { db } from "../../db/client";
import { insightTags } from "../../db/schema";
import type { TagAccess } from "./tag-access";

/** DELETE /tags/{id}: the tag and its entries; the insights themselves stay. */
export async function deleteTag({ access }: { access: TagAccess }) {
  await db().delete(insightTags).where(eq(insightTags.id, access.tag.id));
  return { status: 200, message: "Tag deleted", _id: access.tag.id };
}
