import "server-only";
import { eq } from "drizzle-orm";
import { scheduleSchema } from "@/lib/validation/schedules";
import { db } from "../../db/client";
import { schedules } from "../../db/schema";
import { fieldErrorsFromZod, ValidationError } from "../../errors";
import type { ServiceContext } from "../context";
import { requireMaySchedule, requireSchedule } from "./schedule-access";
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
  const current = {
    insightId: schedule.insightId,
    frequency: schedule.frequency,
    weekday: schedule.weekday,
    monthDay: schedule.monthDay,
    month: schedule.month,
    timeOfDay: schedule.timeOfDay,
    recipients: schedule.recipients,
    subject: schedule.options.subject ?? undefined,
    message: schedule.options.message ?? undefined,
    format: schedule.options.format ?? undefined,
    isActive: schedule.isActive,
  };
  const parsed = scheduleSchema.safeParse({ ...current, ...input.changes });
  if (!parsed.success) throw new ValidationError(fieldErrorsFromZod(parsed.error));
  const columns = await scheduleColumns(ctx.actor.agencyId, access.project, parsed.data);
  await db().update(schedules).set(columns).where(eq(schedules.id, schedule.id));
  return loadScheduleView(ctx.actor.agencyId, schedule.id);
}
