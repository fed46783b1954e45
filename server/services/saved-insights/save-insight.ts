import "server-only";
import { and, eq } from "drizzle-orm";
import { db } from "../../db/client";
import { savedInsights } from "../../db/schema";
import { requireProjectInsights } from "../tags/project-insight-ids";
import type { ProjectServiceContext } from "../context";

/** POST /saved-insights/properties/{id} {insightId}: saves for the caller; saving twice keeps one entry. */
export async function saveInsight({ ctx, input }: { ctx: ProjectServiceContext; input: { insightId: string } }) {
  const { insightId } = input;
  const project = ctx.access.project;
  const [id] = await requireProjectInsights(project.id, [insightId]);
  await db()
    .insert(savedInsights)
    .values({ agencyId: project.agencyId, projectId: project.id, userId: ctx.actor.userId, insightId: id })
    .onConflictDoNothing();
  const [saved] = await db()
    .select()
    .from(savedInsights)
    .where(and(eq(savedInsights.userId, ctx.actor.userId), eq(savedInsights.insightId, id)));
  return { id: saved.id, _id: saved.id, insightId: id, savedAt: saved.createdAt };
}

/** DELETE /saved-insights/properties/{id} {insightId} or ?insightId=: unsaves for the caller. */
export async function unsaveInsight({ ctx, input }: { ctx: ProjectServiceContext; input: { insightId: string } }) {
  const { insightId } = input;
  const removed = await db()
    .delete(savedInsights)
    .where(
      and(
        eq(savedInsights.projectId, ctx.access.project.id),
        eq(savedInsights.userId, ctx.actor.userId),
        eq(savedInsights.insightId, insightId),
      ),
    )
    .returning({ id: savedInsights.id });
  return {
    status: 200,
    message: removed.length ? "Insight removed from saved insights" : "Insight was not saved",
    insightId,
    removed: removed.length,
  };
}
