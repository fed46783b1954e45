import "server-only";
import { eq } from "drizzle-orm";
import { REPORT_MESSAGES, type createReportSchema } from "@/lib/validation/reports";
import type { z } from "zod";
import type { ProjectAccess } from "../../auth/client-access";
import { db } from "../../db/client";
import { reports } from "../../db/schema";
import { ValidationError } from "../../http/errors";
import type { UserContext } from "../../http/route";
import { enqueue } from "../../jobs/enqueue";
import { generateReportJob } from "../../jobs/handlers/generate-report.job";
import { periodHasData } from "../../insights/data/period-has-data";
import { reportView } from "./report-view";

/** Today's date in a time zone (YYYY-MM-DD): "the future" is the project's, not the server's. */
export function todayIn(timeZone: string, now = new Date()): string {
  try {
    return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
      now,
    );
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

/** POST /properties/{id}/reports/add: records the report as queued and queues its generation. */
export async function createReport({
  ctx,
  access,
  input,
}: {
  ctx: UserContext;
  access: ProjectAccess;
  input: z.output<typeof createReportSchema>;
}) {
  if (input.periodEnd > todayIn(access.project.timeZone))
    throw new ValidationError({ periodEnd: REPORT_MESSAGES.endInFuture });
  if (!(await periodHasData(access.project.id, input.periodStart, input.periodEnd)))
    throw new ValidationError({ periodStart: REPORT_MESSAGES.periodWithoutData });
  const [report] = await db()
    .insert(reports)
    .values({
      agencyId: access.project.agencyId,
      projectId: access.project.id,
      name:
        input.name ??
        `${access.project.name} ${input.periodStart} to ${input.periodEnd}`
          .replace(/[.<>:"|?*/\\]/g, " ")
          .slice(0, 255),
      periodStart: input.periodStart,
      periodEnd: input.periodEnd,
      compareTo: input.compareTo,
      createdById: ctx.actor.userId,
    })
    .returning();
  try {
    await enqueue(generateReportJob, { reportId: report.id });
  } catch (error) {
    // Without a job the report would stay queued for ever: do not leave it behind.
    await db().delete(reports).where(eq(reports.id, report.id));
    throw error;
  }
  return reportView(report);
}
