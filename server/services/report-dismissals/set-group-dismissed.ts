import "server-only";
import { and, eq } from "drizzle-orm";
import type { DismissedGroups, DismissibleGroup } from "@/lib/validation/report-dismissals";
import { db } from "../../db/client";
import { reportGroupDismissals } from "../../db/schema";
import type { ReportServiceContext } from "../context";
import { dismissedGroups } from "./dismissed-groups";

/**
 * PUT /reports/{id}/dismissed-groups {group, dismissed}: the caller dismisses a group from their own view of the
 * report, or brings it back. Idempotent either way; nobody else's view changes.
 */
export async function setGroupDismissed({
  ctx,
  input,
}: {
  ctx: ReportServiceContext;
  input: { group: DismissibleGroup; dismissed: boolean };
}): Promise<DismissedGroups> {
  const key = { agencyId: ctx.actor.agencyId, userId: ctx.actor.userId, reportId: ctx.access.report.id };
  if (input.dismissed) {
    await db()
      .insert(reportGroupDismissals)
      .values({ ...key, group: input.group })
      .onConflictDoNothing();
  } else {
    await db()
      .delete(reportGroupDismissals)
      .where(
        and(
          eq(reportGroupDismissals.agencyId, key.agencyId),
          eq(reportGroupDismissals.userId, key.userId),
          eq(reportGroupDismissals.reportId, key.reportId),
          eq(reportGroupDismissals.group, input.group),
        ),
      );
  }
  return dismissedGroups({ ctx });
}
