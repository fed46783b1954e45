import "server-only";
import { redirect } from "next/navigation";
import { getActor } from "./session";

/** The dashboard shows the spec's message when it receives this notice. */
export const SCHEDULE_NOT_ALLOWED_NOTICE = "schedules-not-allowed";

/** Schedule routes send users without the schedule-allowed action back to the dashboard. */
export async function requireScheduleAllowed(): Promise<void> {
  const actor = await getActor();
  if (!actor?.isScheduleAllowed) redirect(`/dashboard?notice=${SCHEDULE_NOT_ALLOWED_NOTICE}`);
}
