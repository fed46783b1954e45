import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { db } from "../../db/client";
import { insights, savedInsights } from "../../db/schema";
import { insightViews } from "../insights/insight-view";
import type { ProjectServiceContext } from "../context";

/** GET /saved-insights/properties/{id}: the caller's saved insights of the project, last saved first. */
export async function listSavedInsights({ ctx }: { ctx: ProjectServiceContext }) {
  const rows = await db()
    .select({ saved: savedInsights, insight: insights })
    .from(savedInsights)
    .innerJoin(insights, eq(insights.id, savedInsights.insightId))
    .where(and(eq(savedInsights.projectId, ctx.access.project.id), eq(savedInsights.userId, ctx.actor.userId)))
    .orderBy(desc(savedInsights.createdAt), desc(savedInsights.id));
  const views = await insightViews(
    rows.map((r) => r.insight),
    ctx.actor.userId,
  );
  const docs = rows.map((r, i) => ({
    id: r.saved.id,
    _id: r.saved.id,
    insightId: r.insight.id,
    savedAt: r.saved.createdAt,
    insight: views[i],
  }));
  return { docs, total: docs.length };
}
