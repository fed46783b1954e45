import "server-only";
import { eq } from "drizzle-orm";
import { addDays, dayIn, utcMidnight } from "@/lib/dates";
import { db } from "../../../../db/client";
import { clientProjects } from "../../../../db/schema";

/**
 * The instants to ask a provider for so every hour of the days [start, end] in the project's time
 * zone is covered (a day more on each side), and a function giving an instant's project day, or
 * null when it falls outside the range.
 */
export async function projectDayWindow(projectId: string, start: string, end: string) {
  const [project] = await db()
    .select({ timeZone: clientProjects.timeZone })
    .from(clientProjects)
    .where(eq(clientProjects.id, projectId));
  const timeZone = project?.timeZone ?? "UTC";
  return {
    from: utcMidnight(addDays(start, -1)),
    to: utcMidnight(addDays(end, 2)),
    dayOf(instant: string | null): string | null {
      if (!instant) return null;
      const at = /^\d+$/.test(instant) ? Number(instant) : Date.parse(instant);
      if (!Number.isFinite(at)) return null;
      const day = dayIn(at, timeZone);
      return day >= start && day <= end ? day : null;
    },
  };
}
