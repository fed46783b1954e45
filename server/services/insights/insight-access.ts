import "server-only";
import { and, eq } from "drizzle-orm";
import type { ClientAction } from "@/lib/permissions";
import type { Actor } from "../../auth/actor";
import { requireProjectAccess, type ProjectAccess } from "../../auth/client-access";
import { db } from "../../db/client";
import { insights, type Insight } from "../../db/schema";
import { NotFoundError } from "../../errors";
import { uuidParam } from "../../http/params";

export interface InsightAccess extends ProjectAccess {
  insight: Insight;
}

/** /insights/{id}: checked through the insight's project to its client. */
export async function requireInsightAccess(
  actor: Actor,
  insightId: string | undefined,
  action: ClientAction,
): Promise<InsightAccess> {
  const [insight] = await db()
    .select()
    .from(insights)
    .where(and(eq(insights.id, uuidParam(insightId)), eq(insights.agencyId, actor.agencyId)))
    .limit(1);
  if (!insight) throw new NotFoundError();
  return { ...(await requireProjectAccess(actor, insight.projectId, action)), insight };
}
