import "server-only";
import type { TagServiceContext } from "../context";
import { tagInsightIds, tagView } from "./tag-view";

/** GET /tags/{id}: the tag with its insights' ids. */
export async function getTag({ ctx }: { ctx: TagServiceContext }) {
  const { tag } = ctx.access;
  return tagView(tag, await tagInsightIds(tag.id));
}
