import "server-only";
import { and, count, eq, max, sql } from "drizzle-orm";
import { db } from "../../db/client";
import { agencies, clientProjects, reports } from "../../db/schema";
import { clientView, projectView } from "../clients/client-view";
import type { ProjectServiceContext } from "../context";
import { usageView } from "./project-limit";

/**
 * GET /properties/{id}: the project with its client (as the caller sees it), its last report (the newest
 * ready report's date, as the project lists show it) and the plan's usage, read in one query.
 */
export async function getProject({ ctx }: { ctx: ProjectServiceContext }) {
  const { actor, access } = ctx;
  const { id: projectId, agencyId } = access.project;
  const lastReport = db()
    .select({ last: max(reports.createdAt) })
    .from(reports)
    .where(and(eq(reports.projectId, projectId), eq(reports.status, "ready")));
  const activeProjects = db()
    .select({ active: count() })
    .from(clientProjects)
    .where(and(eq(clientProjects.agencyId, agencyId), eq(clientProjects.status, "active")));
  const [row] = await db()
    .select({
      projectLimit: agencies.projectLimit,
      active: sql<number>`(${activeProjects})`.mapWith(Number),
      last: sql<Date | null>`(${lastReport})`.mapWith(reports.createdAt),
    })
    .from(agencies)
    .where(eq(agencies.id, agencyId));
  return {
    ...projectView(access.project, row.last),
    client: clientView(actor, access.client, actor.isAgencyAdmin ? null : access.level),
    usage: usageView(row.active, row.projectLimit),
  };
}
