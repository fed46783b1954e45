import "server-only";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { SETTINGS_MESSAGES } from "@/lib/constants/settings";
import type { agencySettingsSchema } from "@/lib/validation/settings";
import { db } from "../../db/client";
import { agencies } from "../../db/schema";
import { NotFoundError } from "../../errors";
import { agencySettingsView } from "./agency-settings-view";
import type { ServiceContext } from "../context";

/** PUT /agencies/{id}/settings: replaces name, website and phone (an empty website or phone clears it). */
export async function updateAgencySettings({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: z.output<typeof agencySettingsSchema>;
}) {
  const [agency] = await db()
    .update(agencies)
    .set({ name: input.name, website: input.website ?? null, phone: input.phone ?? null })
    .where(eq(agencies.id, ctx.actor.agencyId))
    .returning();
  if (!agency) throw new NotFoundError();
  return { ...agencySettingsView(agency), message: SETTINGS_MESSAGES.saved };
}
