import "server-only";
import { and, count, eq, max, sql } from "drizzle-orm";
import { prepared } from "../../db/prepared";
import { agencies, clientProjects, reports } from "../../db/schema";
import { clientView, projectView } from "../clients/client-view";
import type { ProjectServiceContext } from "../context";
import { listedReport } from "../reports/listed-reports";
import { usageView } from "./project-limit";

/**
 * GET /properties/{id}: the project with its client (as the caller sees it), its last report (the newest
 * ready report's date, as the project lists show it) and the plan's usage, read in one query.
 */
const projectDetailsQuery = prepared((database) => {
  const lastReport = database
    .select({ last: max(reports.createdAt) })
    .from(reports)
    .where(and(eq(reports.projectId, sql.placeholder("projectId")), eq(reports.status, "ready"), listedReport()));
  const activeProjects = database
    .select({ active: count() })
    .from(clientProjects)
    .where(and(eq(clientProjects.agencyId, sql.placeholder("agencyId")), eq(clientProjects.status, "active")));
  return database
    .select({
      projectLimit: agencies.projectLimit,
      active: sql<number>`(${activeProjects})`.mapWith(Number),
      last: sql<Date | null>`(${lastReport})`.mapWith(reports.createdAt),
    })
    .from(agencies)
    .where(eq(agencies.id, sql.placeholder("agencyId")))
    .prepare("project_details");
});

export async function getProject({ ctx }: { ctx: ProjectServiceContext }) {
  const { actor, access } = ctx;
  const { id: projectId, agencyId } = access.project;
  const [row] = await projectDetailsQuery().execute({ projectId, agencyId });
  return {
    ...projectView(access.project, row.last),
    client: clientView(actor, access.client, actor.isAgencyAdmin ? null : access.level),
    usage: usageView(row.active, row.projectLimit),
  };
}
