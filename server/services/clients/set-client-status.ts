import "server-only";
import { eq } from "drizzle-orm";
import type { Actor } from "../../auth/actor";
import type { ClientAccess } from "../../auth/client-access";
import { db } from "../../db/client";
import { clients } from "../../db/schema";
import { ForbiddenError } from "../../errors";
import { clientView } from "./client-view";

/** Suspend or reactivate a client (agency admins). A suspended client denies access to its staff. */
export async function setClientStatus({
  ctx,
  access,
  status,
}: {
  ctx: { actor: Actor };
  access: ClientAccess;
  status: "active" | "suspended";
}) {
  if (!ctx.actor.isAgencyAdmin) throw new ForbiddenError();
  const [client] = await db().update(clients).set({ status }).where(eq(clients.id, access.client.id)).returning();
  return clientView(ctx.actor, client, access.level);
}
