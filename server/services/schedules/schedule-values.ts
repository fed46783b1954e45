import "server-only";
import { and, eq } from "drizzle-orm";
import { nextRun } from "@/lib/schedules/next-run";
import type { ScheduleValues } from "@/lib/validation/schedules";
import { db } from "../../db/client";
import { insights, type ClientProject, type schedules } from "../../db/schema";
import { NotFoundError } from "../../errors";

/**
 * The columns a schedule's form values become, with its next run in the project's time zone. A
 * one-insight schedule keeps the insight's intention (and title), which each run looks up in the
 * report it generates; an insight of another project or agency is 404.
 */
export async function scheduleColumns(
  agencyId: string,
  project: ClientProject,
  values: ScheduleValues,
  now = new Date(),
  /** A Dropbox schedule: the user's connected session it was made with. */
  dropboxSessionId?: string,
): Promise<Partial<typeof schedules.$inferInsert>> {
  let insight: { intentionKey: string; title: string } | undefined;
  if (values.insightId) {
    [insight] = await db()
      .select({ intentionKey: insights.intentionKey, title: insights.title })
      .from(insights)
      .where(
        and(eq(insights.id, values.insightId), eq(insights.agencyId, agencyId), eq(insights.projectId, project.id)),
      );
    if (!insight) throw new NotFoundError();
  }
  const timing = {
    frequency: values.frequency,
    weekday: values.weekday,
    monthDay: values.monthDay,
    month: values.month,
    time: values.timeOfDay,
  };
  const destination =
    values.delivery === "dropbox"
      ? {
          recipients: [],
          dropboxPath: values.folder,
          thirdPartySessionId: dropboxSessionId ?? null,
          options: { format: values.format },
        }
      : {
          recipients: values.recipients,
          dropboxPath: null,
          thirdPartySessionId: null,
          options: {
            subject: values.subject,
            message: values.message,
            format: values.format,
            linkExpiresInDays: values.linkExpiresInDays,
          },
        };
  return {
    insightId: values.insightId,
    delivery: values.delivery,
    frequency: values.frequency,
    weekday: values.weekday,
    monthDay: values.monthDay,
    month: values.month,
    timeOfDay: values.timeOfDay,
    recipients: destination.recipients,
    dropboxPath: destination.dropboxPath,
    thirdPartySessionId: destination.thirdPartySessionId,
    options: {
      ...destination.options,
      contents: values.contents,
      ...(insight ? { intentionKey: insight.intentionKey, insightTitle: insight.title } : {}),
    },
    isActive: values.isActive,
    // Saved by its owner or an admin: a pause the product made (a lost permission) is over or theirs now.
    pausedReason: null,
    nextRunAt: values.isActive ? nextRun(timing, project.timeZone, now) : null,
  };
}
