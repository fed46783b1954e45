import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { db } from "../../db/client";
import { agencies, clientProjects, users } from "../../db/schema";
import { NotFoundError } from "../../errors";
import { usageView } from "../projects/project-limit";
import type { ServiceContext } from "../context";

/** The caller's own agency with its admins; any other agency id is 404. */
export async function getAgency({ ctx, input }: { ctx: ServiceContext; input: { agencyId: string } }) {
  const { agencyId } = input;
  if (agencyId !== ctx.actor.agencyId) throw new NotFoundError();
  const [agency] = await db().select().from(agencies).where(eq(agencies.id, agencyId)).limit(1);
  if (!agency) throw new NotFoundError();
  const [admins, [{ activeProjects }]] = await Promise.all([
    db()
      .select({ _id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(and(eq(users.agencyId, agencyId), eq(users.role, "agency"))),
    db()
      .select({ activeProjects: sql<number>`count(*)::int` })
      .from(clientProjects)
      .where(and(eq(clientProjects.agencyId, agencyId), eq(clientProjects.status, "active"))),
  ]);
  return {
    _id: agency.id,
    name: agency.name,
    website: agency.website,
    phone: agency.phone,
    planTier: agency.planTier,
    planKind: agency.planKind,
    subscriptionStatus: agency.subscriptionStatus,
    projectLimit: agency.projectLimit,
    activeProjects,
    usage: usageView(activeProjects, agency.projectLimit),
    confirmedAt: agency.confirmedAt,
    admins,
    createdAt: agency.createdAt,
    updatedAt: agency.updatedAt,
  };
}
