import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { defaultReportName } from "@/lib/insights/report-period";
import { closedPeriod } from "@/lib/schedules/next-run";
import type { ScheduleValues } from "@/lib/validation/schedules";
import { db } from "../../db/client";
import { insights, reportDeliveries, reports } from "../../db/schema";
import { BadRequestError, NotFoundError } from "../../errors";
import { deliverReportJob } from "../../jobs/contracts/deliver-report";
import { enqueue } from "../../jobs/enqueue";
import type { ProjectServiceContext } from "../context";
import { deliveryView } from "../deliveries/delivery-view";
import { listedReport } from "../reports/listed-reports";
import { periodHasData } from "../reports/period-has-data";
import { dataOutlooks, notSentReason } from "./data-outlook";
import { requireMaySchedule } from "./schedule-access";

export const SCHEDULE_TEST_MESSAGES = {
  emailOnly: "A test is sent by email: Dropbox schedules save their file when they run",
} as const;

/** The project's ready (ordinary) report on exactly these days, else a new one for the delivery job to generate. */
async function reportFor(ctx: ProjectServiceContext, period: { start: string; end: string }): Promise<string> {
  const { project } = ctx.access;
  const [ready] = await db()
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        eq(reports.agencyId, ctx.actor.agencyId),
        eq(reports.projectId, project.id),
        eq(reports.periodStart, period.start),
        eq(reports.periodEnd, period.end),
        eq(reports.compareTo, "previous_period"),
        eq(reports.status, "ready"),
        // An alert check's run is the alert's, named "Alerts: …": a client never receives it as a report.
        listedReport(),
      ),
    )
    .orderBy(desc(reports.createdAt))
    .limit(1);
  if (ready) return ready.id;
  const [made] = await db()
    .insert(reports)
    .values({
      agencyId: ctx.actor.agencyId,
      projectId: project.id,
      name: defaultReportName(project.name, period.start, period.end),
      periodStart: period.start,
      periodEnd: period.end,
      compareTo: "previous_period",
      createdById: ctx.actor.userId,
    })
    .returning({ id: reports.id });
  return made.id;
}

/**
 * POST /insights/{projectId}/schedules/test: "Send a test now". The email the schedule (as the form stands, saved or
 * not) would send if it ran now, for the period that last closed, sent to the person editing it only, exactly as its
 * recipients get it (a client's share link, labelled as a test). A period without data is refused with the words a
 * run would record. Followed like any emailed report (GET /deliveries/{id}).
 */
export async function sendScheduleTest({
  ctx,
  input,
  now = new Date(),
}: {
  ctx: ProjectServiceContext;
  input: ScheduleValues;
  now?: Date;
}) {
  requireMaySchedule(ctx.actor);
  if (input.delivery !== "email") throw new BadRequestError(SCHEDULE_TEST_MESSAGES.emailOnly);
  const { project } = ctx.access;
  const period = closedPeriod(input.frequency, project.timeZone, now);
  if (!(await periodHasData(project.id, period.start, period.end))) {
    const request = { key: "test", projectId: project.id, frequency: input.frequency, timeZone: project.timeZone };
    const outlook = (await dataOutlooks([{ ...request, period, runAt: now }], now)).get("test")!;
    throw new BadRequestError(notSentReason(outlook));
  }
  let intentionKey: string | null = null;
  if (input.insightId) {
    const [insight] = await db()
      .select({ intentionKey: insights.intentionKey })
      .from(insights)
      .where(
        and(
          eq(insights.id, input.insightId),
          eq(insights.agencyId, ctx.actor.agencyId),
          eq(insights.projectId, project.id),
        ),
      );
    if (!insight) throw new NotFoundError();
    intentionKey = insight.intentionKey;
  }
  const reportId = await reportFor(ctx, period);
  const [row] = await db()
    .insert(reportDeliveries)
    .values({
      agencyId: ctx.actor.agencyId,
      projectId: project.id,
      userId: ctx.actor.userId,
      target: "email",
      options: {
        recipients: [ctx.actor.email],
        subject: input.subject,
        message: input.message,
        format: input.format,
        linkExpiresInDays: input.linkExpiresInDays,
        test: true,
        ...(intentionKey ? { intentionKey } : {}),
      },
      selection: { reportId, contents: input.contents },
    })
    .returning();
  try {
    await enqueue(deliverReportJob, { source: "manual", deliveryId: row.id });
  } catch (error) {
    await db().delete(reportDeliveries).where(eq(reportDeliveries.id, row.id));
    throw error;
  }
  return { ...deliveryView(row), to: ctx.actor.email, period };
}
