import "server-only";
import { eq } from "drizzle-orm";
import { db, type DbOrTx } from "../../db/client";
import { reports, type Report } from "../../db/schema";
import { enqueue } from "../../jobs/enqueue";
import { generateReportJob } from "../../jobs/contracts/generate-report";

// A report's life, in one place: queued (the row exists and its job is queued) → running (a
// worker took the job; progress climbs from 5 to at most 99) → ready (insights written, progress
// 100) or failed (with the reason shown to the user). A retried job runs again from queued or
// failed; a report deleted meanwhile stays deleted.

/** Stored reasons are cut here: the column holds a message for people, not a stack. */
const MAX_REASON_LENGTH = 1000;
/** The progress a running report shows before the engine has read anything. */
const PROGRESS_STARTED = 5;

/** Records the report as queued and queues its generation; without a job the row would stay queued for ever. */
export async function queueReport(values: typeof reports.$inferInsert): Promise<Report> {
  const [report] = await db()
    .insert(reports)
    .values({ ...values, status: "queued", progress: 0 })
    .returning();
  try {
    await enqueue(generateReportJob, { reportId: report.id });
  } catch (error) {
    await db().delete(reports).where(eq(reports.id, report.id));
    throw error;
  }
  return report;
}

/** A worker took the job: a re-run starts over, clearing the previous attempt's reason. */
export async function markReportRunning(reportId: string): Promise<void> {
  await db()
    .update(reports)
    .set({ status: "running", progress: PROGRESS_STARTED, error: null, startedAt: new Date(), finishedAt: null })
    .where(eq(reports.id, reportId));
}

/** Progress of a running report, kept under 100 until its insights are written. */
export async function setReportProgress(reportId: string, progress: number): Promise<void> {
  await db()
    .update(reports)
    .set({ progress: Math.min(99, Math.max(0, progress)) })
    .where(eq(reports.id, reportId));
}

/** Inside the transaction that writes the insights, so a ready report always has them. */
export async function markReportReady(
  tx: DbOrTx,
  reportId: string,
  result: { excludedDays?: string[]; excludedDaysBySource?: Record<string, string[]>; pThreshold?: number } = {},
): Promise<void> {
  await tx
    .update(reports)
    .set({
      status: "ready",
      progress: 100,
      error: null,
      finishedAt: new Date(),
      updatedAt: new Date(),
      ...(result.excludedDays ? { excludedDays: result.excludedDays } : {}),
      ...(result.excludedDaysBySource ? { excludedDaysBySource: result.excludedDaysBySource } : {}),
      ...(result.pThreshold !== undefined ? { pThreshold: result.pThreshold } : {}),
    })
    .where(eq(reports.id, reportId));
}

/** The generation failed: the reason is kept for the user, the job's retry policy decides what follows. */
export async function markReportFailed(reportId: string, reason: unknown): Promise<void> {
  const message = reason instanceof Error ? reason.message : String(reason);
  await db()
    .update(reports)
    .set({ status: "failed", error: message.slice(0, MAX_REASON_LENGTH), finishedAt: new Date() })
    .where(eq(reports.id, reportId));
}
