import "server-only";
import { eq } from "drizzle-orm";
import { db } from "../../db/client";
import { clients } from "../../db/schema";
import { ForbiddenError } from "../../errors";
import { clientView } from "./client-view";
import type { ClientServiceContext } from "../context";

/** Suspend or reactivate a client (agency admins). A suspended client denies access to its staff. */
export async function setClientStatus({
  ctx,
  input,
}: {
  ctx: ClientServiceContext;
  input: { status: "active" | "suspended" };
}) {
  const { status } = input;
  if (!ctx.actor.isAgencyAdmin) throw new ForbiddenError();
  const [client] = await db().update(clients).set({ status }).where(eq(clients.id, ctx.access.client.id)).returning();
  return clientView(ctx.actor, client, ctx.access.level);
}
