import "server-only";
import { and, eq } from "drizzle-orm";
import type { ClientAction } from "@/lib/permissions";
import type { Actor } from "../../auth/actor";
import { requireProjectAccess, type ProjectAccess } from "../../auth/client-access";
import { db } from "../../db/client";
import { reports, type Report } from "../../db/schema";
import { NotFoundError } from "../../errors";
import { uuidParam } from "../../http/params";

export interface ReportAccess extends ProjectAccess {
  report: Report;
}

/** /reports/{id}: the report's project (and through it the client) decides, as for /properties/{id}. */
export async function requireReportAccess(
  actor: Actor,
  reportId: string | undefined,
  action: ClientAction,
): Promise<ReportAccess> {
  const [report] = await db()
    .select()
    .from(reports)
    .where(and(eq(reports.id, uuidParam(reportId)), eq(reports.agencyId, actor.agencyId)))
    .limit(1);
  if (!report) throw new NotFoundError();
  return { ...(await requireProjectAccess(actor, report.projectId, action)), report };
}
