import "server-only";
import { closedPeriod, nextRun } from "@/lib/schedules/next-run";
import type { ScheduleTiming } from "@/lib/validation/schedules";
import type { ProjectServiceContext } from "../context";
import { dataOutlooks, type DataOutlook } from "./data-outlook";

/**
 * GET /insights/{projectId}/schedules/outlook?frequency=…: what the next run of a schedule timed so would find in the
 * project's sources, for the form to warn while it is filled in (a one-off upload, a disconnected source, a source
 * more than a period behind) with what to do.
 */
export async function scheduleOutlook({
  ctx,
  input,
  now = new Date(),
}: {
  ctx: ProjectServiceContext;
  input: ScheduleTiming;
  now?: Date;
}): Promise<DataOutlook & { runAt: string }> {
  const { project } = ctx.access;
  const runAt = nextRun(
    {
      frequency: input.frequency,
      weekday: input.weekday,
      monthDay: input.monthDay,
      month: input.month,
      time: input.timeOfDay,
    },
    project.timeZone,
    now,
  );
  const period = closedPeriod(input.frequency, project.timeZone, runAt);
  const outlook = (
    await dataOutlooks(
      [{ key: "next", projectId: project.id, frequency: input.frequency, timeZone: project.timeZone, period, runAt }],
      now,
    )
  ).get("next")!;
  return { ...outlook, runAt: runAt.toISOString() };
}
