import "server-only";
import { and, eq } from "drizzle-orm";
import type { AlertLevelChoice } from "@/lib/validation/alerts";
import { db } from "../../db/client";
import { alertPreferences } from "../../db/schema";
import type { ProjectServiceContext } from "../context";
import { DEFAULT_ALERT_LEVEL } from "./followers";

/** GET /properties/{id}/alerts: the caller's level for the project (the default when they never chose). */
export async function getAlertPreference({ ctx }: { ctx: ProjectServiceContext }) {
  const [row] = await db()
    .select({ level: alertPreferences.level })
    .from(alertPreferences)
    .where(and(eq(alertPreferences.userId, ctx.actor.userId), eq(alertPreferences.projectId, ctx.access.project.id)));
  return { level: row?.level ?? DEFAULT_ALERT_LEVEL, isDefault: !row };
}

/** PUT /properties/{id}/alerts: anyone who can see the project chooses for themselves. */
export async function setAlertPreference({
  ctx,
  input,
}: {
  ctx: ProjectServiceContext;
  input: { level: AlertLevelChoice };
}) {
  const values = {
    userId: ctx.actor.userId,
    projectId: ctx.access.project.id,
    agencyId: ctx.actor.agencyId,
    level: input.level,
    updatedAt: new Date(),
  };
  await db()
    .insert(alertPreferences)
    .values(values)
    .onConflictDoUpdate({
      target: [alertPreferences.userId, alertPreferences.projectId],
      set: { level: values.level, updatedAt: values.updatedAt },
    });
  return { level: input.level, isDefault: false };
}
