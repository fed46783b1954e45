import "server-only";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { SETTINGS_MESSAGES } from "@/lib/constants/settings";
import type { clientSettingsUpdateSchema } from "@/lib/validation/settings";
import { db } from "../../db/client";
import { clients } from "../../db/schema";
import { NotFoundError } from "../../errors";
import { mergeSettings } from "./merge-settings";
import { clientSettingsView } from "./settings-view";
import type { ClientServiceContext } from "../context";

/** PUT /clients/{id}/settings (Client Admins and agency admins): a partial update in one statement. */
export async function updateClientSettings({
  ctx,
  input,
}: {
  ctx: ClientServiceContext;
  input: z.output<typeof clientSettingsUpdateSchema>;
}) {
  const settings = mergeSettings(clients.settings, input);
  if (!settings) return { ...clientSettingsView(ctx.access.client.settings), message: SETTINGS_MESSAGES.saved };
  const [row] = await db()
    .update(clients)
    .set({ settings })
    .where(eq(clients.id, ctx.access.client.id))
    .returning({ settings: clients.settings });
  if (!row) throw new NotFoundError();
  return { ...clientSettingsView(row.settings), message: SETTINGS_MESSAGES.saved };
}
