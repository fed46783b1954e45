import "server-only";
import { eq } from "drizzle-orm";
import { db } from "../../db/client";
import { agencies } from "../../db/schema";
import { NotFoundError } from "../../errors";
import { agencySettingsView } from "./agency-settings-view";
import type { ServiceContext } from "../context";

/** GET /agencies/{id}/settings: the agency's name, website and phone (the caller's own agency only). */
/** The caller's own agency (the route has checked that the path names it). */
export async function getAgencySettings({ ctx }: { ctx: ServiceContext }) {
  const { agencyId } = ctx.actor;
  const [agency] = await db().select().from(agencies).where(eq(agencies.id, agencyId)).limit(1);
  if (!agency) throw new NotFoundError();
  return agencySettingsView(agency);
}
