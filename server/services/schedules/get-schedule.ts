import "server-only";
import type { ServiceContext } from "../context";
import { requireSchedule } from "./schedule-access";
import { loadScheduleView } from "./schedule-view";

/** GET /schedules/{id}. */
export async function getSchedule({ ctx, input }: { ctx: ServiceContext; input: { id: string } }) {
  await requireSchedule(ctx.actor, input.id);
  return loadScheduleView(ctx.actor.agencyId, input.id);
}
