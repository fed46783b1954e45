import "server-only";
import { and, eq, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { alertPreferences, clientStaff, users, type AlertLevel } from "../../db/schema";

/** What a person hears about a project without a choice of their own. */
export const DEFAULT_ALERT_LEVEL: AlertLevel = "significant";

/**
 * The staff who follow a project: everyone who can see it (the agency's admins, and staff the client is shared with)
 * with their level for it, the default when they never chose; those who turned it off are left out.
 */
export async function projectFollowers(
  tx: DbOrTx,
  project: { id: string; agencyId: string; clientId: string },
): Promise<{ userId: string; level: Exclude<AlertLevel, "off"> }[]> {
  const rows = await tx
    .select({ userId: users.id, level: alertPreferences.level })
    .from(users)
    .leftJoin(clientStaff, and(eq(clientStaff.userId, users.id), eq(clientStaff.clientId, project.clientId)))
    .leftJoin(alertPreferences, and(eq(alertPreferences.userId, users.id), eq(alertPreferences.projectId, project.id)))
    .where(
      and(eq(users.agencyId, project.agencyId), or(eq(users.role, "agency"), sql`${clientStaff.userId} is not null`)),
    );
  return rows
    .map((r) => ({ userId: r.userId, level: r.level ?? DEFAULT_ALERT_LEVEL }))
    .filter((r): r is { userId: string; level: Exclude<AlertLevel, "off"> } => r.level !== "off");
}

/** Whether a person at `level` hears of an alert of this tier. */
export function hears(level: AlertLevel, tier: "significant" | "finding"): boolean {
  return level === "all" || (level === "significant" && tier === "significant");
}
