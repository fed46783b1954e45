import "server-only";
import { and, eq, max } from "drizzle-orm";
import { db } from "../../db/client";
import { reports } from "../../db/schema";
import { clientView, projectView } from "../clients/client-view";
import type { ProjectServiceContext } from "../context";
import { projectUsage } from "./project-limit";

/** The newest ready report's date, as the project lists show it ("Last report"). */
async function lastReportAt(projectId: string): Promise<Date | null> {
  const [row] = await db()
    .select({ last: max(reports.createdAt) })
    .from(reports)
    .where(and(eq(reports.projectId, projectId), eq(reports.status, "ready")));
  return row?.last ?? null;
}

/** GET /properties/{id}: the project with its client (as the caller sees it), its last report and the plan's usage. */
export async function getProject({ ctx }: { ctx: ProjectServiceContext }) {
  const { actor, access } = ctx;
  const [last, usage] = await Promise.all([lastReportAt(access.project.id), projectUsage(access.project.agencyId)]);
  return {
    ...projectView(access.project, last),
    client: clientView(actor, access.client, actor.isAgencyAdmin ? null : access.level),
    usage,
  };
}
