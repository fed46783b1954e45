import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { db } from "../../db/client";
import { reports, type Report } from "../../db/schema";
import { enqueue } from "../../jobs/enqueue";
import { reportReadyNoticeJob } from "../../jobs/contracts/report-ready-notice";
import { log } from "../../log";

// The requester of a report is emailed when it is ready, unless they watched it finish: a report page that follows a
// running report long-polls GET /reports/{id}?wait (20 s at a time), and each such request of the requester's pushes
// `watched_until` past its own wait. A report that took over a minute from the request is emailed in any case: by
// then the requester has most likely turned to other work even with the tab still open.

/** Past a long-poll's own wait: the page's next request follows within milliseconds, a closed page's never. */
export const WATCH_GRACE_SECONDS = 15;
/** From the request to ready: longer than this, the requester is emailed even if the page watched. */
export const LONG_REPORT_MS = 60_000;

/** The requester's page is following this report for the next `waitSeconds` (one long-poll). */
export async function markWatched(report: Pick<Report, "id" | "createdById">, userId: string, waitSeconds: number) {
  if (report.createdById !== userId) return;
  const until = new Date(Date.now() + (waitSeconds + WATCH_GRACE_SECONDS) * 1000);
  await db().update(reports).set({ watchedUntil: until }).where(eq(reports.id, report.id));
}

/** Whether a report that just became ready is emailed to its requester. */
export function readyNoticeDue(
  report: Pick<
    Report,
    "status" | "notifyRequester" | "createdById" | "readyNoticeSentAt" | "watchedUntil" | "createdAt" | "finishedAt"
  >,
  now = new Date(),
): boolean {
  if (report.status !== "ready" || !report.notifyRequester || !report.createdById || report.readyNoticeSentAt)
    return false;
  const took = (report.finishedAt ?? now).getTime() - report.createdAt.getTime();
  const watched = report.watchedUntil !== null && report.watchedUntil.getTime() > now.getTime();
  return took > LONG_REPORT_MS || !watched;
}

/**
 * Called by the generation once the report is ready: queues the email when it is due. A failure to queue it is
 * logged and does not fail the report.
 */
export async function queueReadyNotice(reportId: string): Promise<boolean> {
  try {
    const [report] = await db()
      .select()
      .from(reports)
      .where(and(eq(reports.id, reportId), isNull(reports.readyNoticeSentAt)));
    if (!report || !readyNoticeDue(report)) return false;
    await enqueue(reportReadyNoticeJob, { reportId }, { singletonKey: `report-ready-${reportId}` });
    return true;
  } catch (error) {
    log("warn", "report-ready email not queued", { reportId, error: String(error) });
    return false;
  }
}
