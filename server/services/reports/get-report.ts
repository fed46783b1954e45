import "server-only";
import { requireReportAccess } from "../../auth/child-access";
import { isReportActive } from "@/lib/report-status";
import type { ReportWaitQuery } from "@/lib/validation/reports";
import type { ReportServiceContext } from "../context";
import { readWhenChanged } from "./report-changes";
import { markWatched } from "./report-ready-notice";
import { reportView } from "./report-view";

/**
 * GET /reports/{id}: the report (its status and progress, watched while it runs). With `wait`, a
 * queued or running report is answered at its next change (report-changes.ts) or after `wait`
 * seconds; access is checked again on every read, so a report deleted meanwhile is a 404.
 */
export async function getReport({ ctx, input = {} }: { ctx: ReportServiceContext; input?: ReportWaitQuery }) {
  const report = ctx.access.report;
  if (!input.wait || !isReportActive(report)) return reportView(report);
  // The requester's page is following it: no email when it is ready while they watch (report-ready-notice.ts).
  await markWatched(report, ctx.actor.userId, input.wait);
  const known = { status: input.status ?? report.status, progress: input.progress ?? report.progress };
  const latest = await readWhenChanged(
    report.id,
    known,
    input.wait * 1000,
    async () => (await requireReportAccess(ctx.actor, report.id, "report:view")).report,
  );
  return reportView(latest);
}
