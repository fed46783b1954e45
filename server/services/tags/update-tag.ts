import "server-only";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { REPORT_MESSAGES, type updateTagSchema } from "@/lib/validation/reports";
import { db } from "../../db/client";
import { insightTagItems, insightTags } from "../../db/schema";
import { ConflictError } from "../../errors";
import { isUniqueViolation } from "../accounts/unique-violation";
import type { TagServiceContext } from "../context";
import { requireProjectInsights } from "./project-insight-ids";
import { tagInsightIds, tagView } from "./tag-view";

/** PUT /tags/{id}: renames the tag and/or replaces its insights. */
export async function updateTag({ ctx, input }: { ctx: TagServiceContext; input: z.output<typeof updateTagSchema> }) {
  const { access } = ctx;
  const ids = input.insightIds ? await requireProjectInsights(access.project.id, input.insightIds) : null;
  try {
    await db().transaction(async (tx) => {
      await tx
        .update(insightTags)
        .set({ name: input.name ?? access.tag.name, updatedAt: new Date() })
        .where(eq(insightTags.id, access.tag.id));
      if (ids) {
        await tx.delete(insightTagItems).where(eq(insightTagItems.tagId, access.tag.id));
        if (ids.length)
          await tx.insert(insightTagItems).values(ids.map((insightId) => ({ tagId: access.tag.id, insightId })));
      }
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ConflictError(REPORT_MESSAGES.tagExists, { name: REPORT_MESSAGES.tagExists });
    throw error;
  }
  const [tag] = await db().select().from(insightTags).where(eq(insightTags.id, access.tag.id));
  return tagView(tag, await tagInsightIds(tag.id));
}
