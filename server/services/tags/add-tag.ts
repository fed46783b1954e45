import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { addTagSchema } from "@/lib/validation/reports";
import { db } from "../../db/client";
import { insightTagItems, insightTags } from "../../db/schema";
import { requireProjectInsights } from "./project-insight-ids";
import { tagInsightIds, tagView } from "./tag-view";
import type { ProjectServiceContext } from "../context";

/**
 * POST /insights/properties/{id}/tags/add: adds insights to the project's tag of that name
 * (case-insensitive), creating the tag when it does not exist. Adding twice is harmless.
 */
export async function addTag({ ctx, input }: { ctx: ProjectServiceContext; input: z.output<typeof addTagSchema> }) {
  const project = ctx.access.project;
  const ids = await requireProjectInsights(project.id, input.insightIds);
  return db().transaction(async (tx) => {
    const inserted = await tx
      .insert(insightTags)
      .values({ agencyId: project.agencyId, projectId: project.id, name: input.name, createdById: ctx.actor.userId })
      .onConflictDoNothing()
      .returning();
    const [tag] = inserted.length
      ? inserted
      : await tx
          .select()
          .from(insightTags)
          .where(and(eq(insightTags.projectId, project.id), sql`lower(${insightTags.name}) = lower(${input.name})`));
    if (ids.length)
      await tx
        .insert(insightTagItems)
        .values(ids.map((insightId) => ({ tagId: tag.id, insightId })))
        .onConflictDoNothing();
    if (!inserted.length) await tx.update(insightTags).set({ updatedAt: new Date() }).where(eq(insightTags.id, tag.id));
    return { created: inserted.length > 0, tag: tagView(tag, await tagInsightIds(tag.id, tx)) };
  });
}
