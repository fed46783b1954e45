import "server-only";
import { eq } from "drizzle-orm";
import { db } from "../../db/client";
import { agencies } from "../../db/schema";
import { NotFoundError } from "../../errors";
import { agencySettingsView } from "./agency-settings-view";

/** GET /agencies/{id}/settings: the agency's name, website and phone (the caller's own agency only). */
export async function getAgencySettings({ agencyId }: { agencyId: string }) {
  const [agency] = await db().select().from(agencies).where(eq(agencies.id, agencyId)).limit(1);
  if (!agency) throw new NotFoundError();
  return agencySettingsView(agency);
}
