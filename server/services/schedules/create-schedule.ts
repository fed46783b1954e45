import "server-only";
import type { ScheduleValues } from "@/lib/validation/schedules";
import { db } from "../../db/client";
import { schedules } from "../../db/schema";
import type { ProjectServiceContext } from "../context";
import { requireDropboxSession } from "../dropbox/dropbox-session";
import { requireMaySchedule } from "./schedule-access";
import { scheduleColumns } from "./schedule-values";
import { loadScheduleView } from "./schedule-view";

/**
 * POST /insights/{projectId}/schedules: a delivery of the project's report (or one insight) on a
 * schedule, by email or to a Dropbox folder.
 */
export async function createSchedule({ ctx, input }: { ctx: ProjectServiceContext; input: ScheduleValues }) {
  requireMaySchedule(ctx.actor);
  const { project } = ctx.access;
  // A Dropbox schedule needs the user's Dropbox connected now (the folder was picked from it).
  const session = input.delivery === "dropbox" ? await requireDropboxSession(ctx.actor.userId) : undefined;
  const columns = await scheduleColumns(ctx.actor.agencyId, project, input, new Date(), session?.id);
  const [row] = await db()
    .insert(schedules)
    .values({
      ...columns,
      agencyId: ctx.actor.agencyId,
      projectId: project.id,
      userId: ctx.actor.userId,
      delivery: input.delivery,
      frequency: input.frequency,
    })
    .returning({ id: schedules.id });
  return loadScheduleView(ctx.actor.agencyId, row.id);
}
