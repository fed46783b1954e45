import "server-only";
import { and, count, eq } from "drizzle-orm";
import { MESSAGES } from "@/lib/constants/messages";
import { db, type DbOrTx, type Tx } from "../../db/client";
import { agencies, clientProjects } from "../../db/schema";
import { LimitExceededError } from "../../errors";

/** How many more active projects before the warning shows (spec: a warning near the limit). */
export const PROJECT_LIMIT_WARNING_MARGIN = 1;

export async function projectUsage(agencyId: string, conn: DbOrTx = db()) {
  const [[agency], [{ active }]] = await Promise.all([
    conn.select({ projectLimit: agencies.projectLimit }).from(agencies).where(eq(agencies.id, agencyId)),
    conn
      .select({ active: count() })
      .from(clientProjects)
      .where(and(eq(clientProjects.agencyId, agencyId), eq(clientProjects.status, "active"))),
  ]);
  return usageView(active, agency.projectLimit);
}

export function usageView(active: number, limit: number) {
  return {
    active,
    limit,
    remaining: Math.max(0, limit - active),
    nearLimit: active >= limit - PROJECT_LIMIT_WARNING_MARGIN,
    atLimit: active >= limit,
  };
}

/**
 * Inside a transaction, refuses to go past the plan's active-project limit. The agency row is
 * locked first, so two concurrent creations cannot both take the last place. Suspended projects
 * do not count.
 */
export async function assertProjectCapacity(tx: Tx, agencyId: string, adding: number): Promise<void> {
  const [agency] = await tx
    .select({ projectLimit: agencies.projectLimit })
    .from(agencies)
    .where(eq(agencies.id, agencyId))
    .for("update");
  const [{ active }] = await tx
    .select({ active: count() })
    .from(clientProjects)
    .where(and(eq(clientProjects.agencyId, agencyId), eq(clientProjects.status, "active")));
  if (active + adding > agency.projectLimit)
    throw new LimitExceededError(MESSAGES.projectLimitReached(agency.projectLimit));
}
