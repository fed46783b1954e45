import "server-only";
import { todayIn } from "@/lib/dates";
import { defaultReportName } from "@/lib/insights/report-period";
import { REPORT_MESSAGES, type createReportSchema } from "@/lib/validation/reports";
import type { z } from "zod";
import { BILLING_MESSAGES } from "@/lib/validation/billing";
import { ForbiddenError, ValidationError } from "../../errors";
import type { ProjectServiceContext } from "../context";
import { queueReport } from "./report-status";
import { periodHasData, projectDataRange } from "./period-has-data";
import { reportView } from "./report-view";

/** POST /properties/{id}/reports/add: records the report as queued and queues its generation. */
export async function createReport({
  ctx,
  input,
}: {
  ctx: ProjectServiceContext;
  input: z.output<typeof createReportSchema>;
}) {
  const { access } = ctx;
  // A suspended agency keeps reading its reports but generates no new ones until it pays.
  if (ctx.actor.subscriptionStatus === "suspended") throw new ForbiddenError(BILLING_MESSAGES.suspended);
  if (input.periodEnd > todayIn(access.project.timeZone))
    throw new ValidationError({ periodEnd: REPORT_MESSAGES.endInFuture });
  if (!(await periodHasData(access.project.id, input.periodStart, input.periodEnd))) {
    const covered = await projectDataRange(access.project.id);
    const message = covered
      ? REPORT_MESSAGES.periodOutsideData(covered.start, covered.end)
      : REPORT_MESSAGES.periodWithoutData;
    throw new ValidationError({ periodStart: message }, message);
  }
  const report = await queueReport({
    agencyId: access.project.agencyId,
    projectId: access.project.id,
    name: input.name ?? defaultReportName(access.project.name, input.periodStart, input.periodEnd),
    periodStart: input.periodStart,
    periodEnd: input.periodEnd,
    compareTo: input.compareTo,
    createdById: ctx.actor.userId,
    // A person asked for it: they are emailed when it is ready unless they watch it finish.
    notifyRequester: true,
  });
  return reportView(report);
}
