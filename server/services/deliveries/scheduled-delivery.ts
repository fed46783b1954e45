import "server-only";
import { and, eq } from "drizzle-orm";
import { emailContentSchema } from "@/lib/validation/deliveries";
import type { ExportSelection } from "@/lib/validation/exports";
import { db } from "../../db/client";
import { insights, reports, scheduleRuns, schedules, type Schedule, type ScheduleRun } from "../../db/schema";
import { defaultReportName } from "@/lib/insights/report-period";
import { generateReport } from "../../jobs/handlers/generate-report";
import type { ClaimedDelivery } from "./delivery-record";
import { DeliveryFailure, type DeliveryTarget } from "./delivery-target";
import { ownerContext } from "./owner-context";
import { runDelivery, type DeliveryHooks, type DeliveryOutcome } from "./run-delivery";

export const SCHEDULE_RUN_MESSAGES = {
  paused: "The schedule was paused before this run was sent",
  noInsight: "The scheduled insight has no result in the report for this period",
  badSettings: "The schedule's email settings are incomplete: edit the schedule and save it again",
  badDropboxSettings: "The schedule's Dropbox folder is missing: edit the schedule and choose a folder",
} as const;

/**
 * The report for the period that just closed: created once per run (its id is kept on the run in
 * the same transaction), generated in this job, and reused as is by a retry when it is ready.
 */
async function runReport(
  schedule: Schedule,
  run: ScheduleRun,
  claimed: ClaimedDelivery,
  projectName: string,
): Promise<string> {
  let reportId = claimed.reportId;
  if (!reportId) {
    reportId = await db().transaction(async (tx) => {
      const [report] = await tx
        .insert(reports)
        .values({
          agencyId: schedule.agencyId,
          projectId: schedule.projectId,
          // The default name (the project and the period), so its files are named as a client files them:
          // "Acme Outdoor – November 2026 – Insights.xlsx" (export-file-name.ts).
          name: defaultReportName(projectName, run.periodStart, run.periodEnd),
          periodStart: run.periodStart,
          periodEnd: run.periodEnd,
          compareTo: "previous_period",
          createdById: schedule.userId,
        })
        .returning({ id: reports.id });
      await tx.update(scheduleRuns).set({ reportId: report.id }).where(eq(scheduleRuns.id, run.id));
      return report.id;
    });
  }
  const [report] = await db().select({ status: reports.status }).from(reports).where(eq(reports.id, reportId));
  if (!report) throw new DeliveryFailure("The report of this run was deleted", false, true);
  // A failure here is thrown as is: the run is marked failed with the engine's reason and retried.
  if (report.status !== "ready") await generateReport(reportId);
  return reportId;
}

/**
 * A one-insight schedule follows the insight's question (its intention, kept on the schedule when it
 * was made): each run sends that intention's insight from the new report.
 */
async function selectionOf(schedule: Schedule, reportId: string): Promise<ExportSelection> {
  const intentionKey = typeof schedule.options.intentionKey === "string" ? schedule.options.intentionKey : null;
  if (!schedule.insightId && !intentionKey) return { reportId };
  const [current] = intentionKey
    ? await db()
        .select({ id: insights.id })
        .from(insights)
        .where(and(eq(insights.reportId, reportId), eq(insights.intentionKey, intentionKey)))
        .limit(1)
    : [];
  if (!current) throw new DeliveryFailure(SCHEDULE_RUN_MESSAGES.noInsight, false, true);
  return { insightIds: [current.id] };
}

function targetOf(schedule: Schedule): DeliveryTarget {
  switch (schedule.delivery) {
    case "email": {
      const content = emailContentSchema.safeParse({ ...schedule.options, recipients: schedule.recipients });
      if (!content.success) throw new DeliveryFailure(SCHEDULE_RUN_MESSAGES.badSettings, false, true);
      return { kind: "email", content: content.data };
    }
    case "dropbox": {
      // The owner's Dropbox as connected at run time: a revoked connection fails the run with the reason.
      const format = schedule.options.format === "xlsx" ? "xlsx" : "pptx";
      if (schedule.dropboxPath === null)
        throw new DeliveryFailure(SCHEDULE_RUN_MESSAGES.badDropboxSettings, false, true);
      return { kind: "dropbox", userId: schedule.userId, folder: schedule.dropboxPath, format };
    }
  }
}

/** Delivers one schedule run: regenerate the report for the closed period, then deliver it. */
export async function deliverScheduleRun(runId: string, txId: string, hooks?: DeliveryHooks): Promise<DeliveryOutcome> {
  return runDelivery(
    {
      table: "schedule_runs",
      id: runId,
      prepare: async (claimed) => {
        const [row] = await db()
          .select({ run: scheduleRuns, schedule: schedules })
          .from(scheduleRuns)
          .innerJoin(schedules, eq(schedules.id, scheduleRuns.scheduleId))
          .where(eq(scheduleRuns.id, runId));
        if (!row) throw new DeliveryFailure("The schedule of this run was deleted", false, true);
        const { run, schedule } = row;
        if (!schedule.isActive) throw new DeliveryFailure(SCHEDULE_RUN_MESSAGES.paused, false, true);
        const ctx = await ownerContext({
          userId: schedule.userId,
          projectId: schedule.projectId,
          txId,
          scheduled: true,
        });
        const target = targetOf(schedule);
        const reportId = await runReport(schedule, run, claimed, ctx.access.project.name);
        return { ctx, target, selection: await selectionOf(schedule, reportId) };
      },
    },
    hooks,
  );
}
