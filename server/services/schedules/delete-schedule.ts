import "server-only";
import { eq } from "drizzle-orm";
import { db } from "../../db/client";
import { schedules } from "../../db/schema";
import type { ServiceContext } from "../context";
import { requireSchedule } from "./schedule-access";

/** DELETE /schedules/{id}: its runs go with it; a run being delivered right now finds it gone and stops. */
export async function deleteSchedule({ ctx, input }: { ctx: ServiceContext; input: { id: string } }) {
  const { schedule } = await requireSchedule(ctx.actor, input.id);
  await db().delete(schedules).where(eq(schedules.id, schedule.id));
  return { status: 200 };
}
