import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { DismissedGroups, DismissibleGroup } from "@/lib/validation/report-dismissals";
import { db } from "../../db/client";
import { reportGroupDismissals } from "../../db/schema";
import type { ReportServiceContext } from "../context";

/** GET /reports/{id}/dismissed-groups: the groups the caller dismissed from their view of the report. */
export async function dismissedGroups({ ctx }: { ctx: ReportServiceContext }): Promise<DismissedGroups> {
  const rows = await db()
    .select({ group: reportGroupDismissals.group })
    .from(reportGroupDismissals)
    .where(
      and(
        eq(reportGroupDismissals.agencyId, ctx.actor.agencyId),
        eq(reportGroupDismissals.userId, ctx.actor.userId),
        eq(reportGroupDismissals.reportId, ctx.access.report.id),
      ),
    )
    .orderBy(asc(reportGroupDismissals.group));
  return { reportId: ctx.access.report.id, dismissedGroups: rows.map((r) => r.group as DismissibleGroup) };
}
