import "server-only";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { SETTINGS_MESSAGES } from "@/lib/constants/settings";
import type { projectSettingsUpdateSchema } from "@/lib/validation/settings";
import { db } from "../../db/client";
import { clientProjects } from "../../db/schema";
import { NotFoundError } from "../../errors";
import { mergeSettings } from "./merge-settings";
import { projectSettingsView } from "./settings-view";
import type { ProjectServiceContext } from "../context";

/** PUT /properties/{id}/settings (client:settings): a partial update in one statement. */
export async function updateProjectSettings({
  ctx,
  input,
}: {
  ctx: ProjectServiceContext;
  input: z.output<typeof projectSettingsUpdateSchema>;
}) {
  const settings = mergeSettings(clientProjects.settings, input);
  const { project } = ctx.access;
  if (!settings)
    return { ...projectSettingsView(project.settings, project.siteType), message: SETTINGS_MESSAGES.saved };
  const [row] = await db()
    .update(clientProjects)
    .set({ settings })
    .where(eq(clientProjects.id, project.id))
    .returning({ settings: clientProjects.settings, siteType: clientProjects.siteType });
  if (!row) throw new NotFoundError();
  return { ...projectSettingsView(row.settings, row.siteType), message: SETTINGS_MESSAGES.saved };
}
