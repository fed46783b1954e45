import "server-only";
import { eq } from "drizzle-orm";
import { emailContentSchema } from "@/lib/validation/deliveries";
import type { ExportSelection } from "@/lib/validation/exports";
import { db } from "../../db/client";
import {
  clientProjects,
  clients,
  reports,
  scheduleRuns,
  schedules,
  users,
  type Schedule,
  type ScheduleRun,
} from "../../db/schema";
import { appUrl } from "../../env";
import { sendEmailJob } from "../../jobs/contracts/send-email";
import { enqueue } from "../../jobs/enqueue";
import { periodHasData } from "../reports/period-has-data";
import { dataOutlooks, notSentReason } from "../schedules/data-outlook";
import { defaultReportName, periodName } from "@/lib/insights/report-period";
import type { ClaimedDelivery } from "./delivery-record";
import { DELIVERY_REPORT_MESSAGES, ensureReportReady, selectionIn } from "./delivery-report";
import { DeliveryFailure, type DeliveryTarget } from "./delivery-target";
import { ownerContext } from "./owner-context";
import { runDelivery, type DeliveryHooks, type DeliveryOutcome } from "./run-delivery";

export const SCHEDULE_RUN_MESSAGES = {
  paused: "The schedule was paused before this run was sent",
  noInsight: DELIVERY_REPORT_MESSAGES.noInsight,
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
  await ensureReportReady(reportId);
  return reportId;
}

/**
 * A one-insight schedule follows the insight's question (its intention, kept on the schedule when it
 * was made): each run sends that intention's insight from the new report.
 */
async function selectionOf(schedule: Schedule, reportId: string): Promise<ExportSelection> {
  const intentionKey = typeof schedule.options.intentionKey === "string" ? schedule.options.intentionKey : null;
  if (schedule.insightId && !intentionKey) throw new DeliveryFailure(SCHEDULE_RUN_MESSAGES.noInsight, false, true);
  const selection = await selectionIn(reportId, intentionKey);
  // A whole report goes out as the schedule asks: its findings (the default) or everything checked.
  return selection.reportId && schedule.options.contents === "everything"
    ? { ...selection, contents: "everything" }
    : selection;
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

/** Refuses a run whose period has no data, with what the project's sources say about it and what to do. */
async function requireData(schedule: Schedule, run: ScheduleRun, timeZone: string): Promise<void> {
  if (await periodHasData(schedule.projectId, run.periodStart, run.periodEnd)) return;
  const outlook = (
    await dataOutlooks([
      {
        key: run.id,
        projectId: schedule.projectId,
        frequency: schedule.frequency,
        timeZone,
        period: { start: run.periodStart, end: run.periodEnd },
        runAt: run.dueAt,
      },
    ])
  ).get(run.id)!;
  throw new DeliveryFailure(notSentReason(outlook), false, true, { nothingToSend: true });
}

/** Tells the schedule's owner that a run was not sent, and why. */
async function tellOwner(runId: string, reason: string): Promise<void> {
  const [row] = await db()
    .select({
      email: users.email,
      firstName: users.firstName,
      client: clients.name,
      project: clientProjects.name,
      periodStart: scheduleRuns.periodStart,
      periodEnd: scheduleRuns.periodEnd,
    })
    .from(scheduleRuns)
    .innerJoin(schedules, eq(schedules.id, scheduleRuns.scheduleId))
    .innerJoin(users, eq(users.id, schedules.userId))
    .innerJoin(clientProjects, eq(clientProjects.id, schedules.projectId))
    .innerJoin(clients, eq(clients.id, clientProjects.clientId))
    .where(eq(scheduleRuns.id, runId));
  if (!row) return;
  await enqueue(sendEmailJob, {
    template: "schedule-not-sent",
    to: row.email,
    params: {
      firstName: row.firstName || "there",
      schedule: `${row.client} – ${row.project}`,
      period: periodName(row.periodStart, row.periodEnd),
      reason,
      url: appUrl("/schedule"),
    },
  });
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
        // A period without data is not sent: its report could only say nothing about nothing.
        if (!claimed.reportId) await requireData(schedule, run, ctx.access.project.timeZone);
        const reportId = await runReport(schedule, run, claimed, ctx.access.project.name);
        return { ctx, target, selection: await selectionOf(schedule, reportId) };
      },
      onNotSent: (reason) => tellOwner(runId, reason),
    },
    hooks,
  );
}
