import "server-only";
import { eq } from "drizzle-orm";
import { anyScheduleSchema } from "@/lib/validation/schedules";
import { db } from "../../db/client";
import { schedules } from "../../db/schema";
import { fieldErrorsFromZod, ValidationError } from "../../errors";
import type { ServiceContext } from "../context";
import { requireDropboxSession } from "../dropbox/dropbox-session";
import { requireMaySchedule, requireOwnerMaySchedule, requireSchedule } from "./schedule-access";
import { scheduleColumns } from "./schedule-values";
import { loadScheduleView } from "./schedule-view";

/**
 * PUT /schedules/{id}: the fields sent replace the schedule's (the rest stay as they are, so a
 * pause is `{ isActive: false }`); the next run is computed again from now.
 */
export async function updateSchedule({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { id: string; changes: Record<string, unknown> };
}) {
  requireMaySchedule(ctx.actor);
  const { schedule, access } = await requireSchedule(ctx.actor, input.id);
  const timing = {
    insightId: schedule.insightId,
    frequency: schedule.frequency,
    weekday: schedule.weekday,
    monthDay: schedule.monthDay,
    month: schedule.month,
    timeOfDay: schedule.timeOfDay,
    isActive: schedule.isActive,
    contents: schedule.options.contents ?? undefined,
  };
  const current =
    schedule.delivery === "dropbox"
      ? { ...timing, folder: schedule.dropboxPath ?? "", format: schedule.options.format ?? undefined }
      : {
          ...timing,
          recipients: schedule.recipients,
          subject: schedule.options.subject ?? undefined,
          message: schedule.options.message ?? undefined,
          format: schedule.options.format ?? undefined,
          linkExpiresInDays: schedule.options.linkExpiresInDays ?? undefined,
        };
  // The delivery stays what it was made as: an email schedule does not become a Dropbox one.
  const parsed = anyScheduleSchema.safeParse({ ...current, ...input.changes, delivery: schedule.delivery });
  if (!parsed.success) throw new ValidationError(fieldErrorsFromZod(parsed.error));
  // Resuming runs it in its owner's name: an admin cannot resume the schedule of someone who may not schedule.
  if (parsed.data.isActive && !schedule.isActive && schedule.userId !== ctx.actor.userId)
    await requireOwnerMaySchedule(schedule.userId);
  // A changed folder must come from the Dropbox connected now; a pause or a new time needs no connection.
  const folderChanged = parsed.data.delivery === "dropbox" && parsed.data.folder !== schedule.dropboxPath;
  const session = folderChanged ? await requireDropboxSession(ctx.actor.userId) : undefined;
  const columns = await scheduleColumns(
    ctx.actor.agencyId,
    access.project,
    parsed.data,
    new Date(),
    session?.id ?? schedule.thirdPartySessionId ?? undefined,
  );
  await db().update(schedules).set(columns).where(eq(schedules.id, schedule.id));
  return loadScheduleView(ctx.actor.agencyId, schedule.id);
}
