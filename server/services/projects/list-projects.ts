import "server-only";
import { and, count, desc, eq, max } from "drizzle-orm";
import { db } from "../../db/client";
import { clientProjects, reports } from "../../db/schema";
import { pageOffset, type PageQuery, type Paged } from "../pagination";
import { projectView, type ProjectView } from "../clients/client-view";
import type { ClientServiceContext } from "../context";
import { listedReport } from "../reports/listed-reports";

/** GET /clients/{id}/properties: the client's projects, newest first, with their last report date. */
export async function listProjects({
  ctx,
  input: page,
}: {
  ctx: ClientServiceContext;
  input: PageQuery;
}): Promise<Paged<ProjectView>> {
  const where = eq(clientProjects.clientId, ctx.access.client.id);
  const lastReport = db()
    .select({ projectId: reports.projectId, last: max(reports.createdAt).as("last") })
    .from(reports)
    .where(and(eq(reports.status, "ready"), listedReport()))
    .groupBy(reports.projectId)
    .as("last_report");
  const [rows, [{ total }]] = await Promise.all([
    db()
      .select({ project: clientProjects, last: lastReport.last })
      .from(clientProjects)
      .leftJoin(lastReport, eq(lastReport.projectId, clientProjects.id))
      .where(where)
      .orderBy(desc(clientProjects.createdAt), desc(clientProjects.id))
      .limit(page.limit)
      .offset(pageOffset(page)),
    db().select({ total: count() }).from(clientProjects).where(and(where)),
  ]);
  return { docs: rows.map((r) => projectView(r.project, r.last ?? null)), total };
}
