import "server-only";
import { eq } from "drizzle-orm";
import type { Actor } from "../../auth/actor";
import type { ClientAccess } from "../../auth/client-access";
import { db } from "../../db/client";
import { clients } from "../../db/schema";
import { ForbiddenError } from "../../errors";

/** Agency admins delete a client; its projects, reports, data sources and shares go with it (on delete cascade). */
export async function deleteClient({ ctx, access }: { ctx: { actor: Actor }; access: ClientAccess }) {
  if (!ctx.actor.isAgencyAdmin) throw new ForbiddenError();
  await db().delete(clients).where(eq(clients.id, access.client.id));
  return { status: 200, message: `Client ${access.client.name} deleted` };
}
