import "server-only";
import { eq } from "drizzle-orm";
import { db } from "../../db/client";
import { clients } from "../../db/schema";
import { ForbiddenError } from "../../errors";
import type { ClientServiceContext } from "../context";

/** Agency admins delete a client; its projects, reports, data sources and shares go with it (on delete cascade). */
export async function deleteClient({ ctx }: { ctx: ClientServiceContext }) {
  if (!ctx.actor.isAgencyAdmin) throw new ForbiddenError();
  // One statement, its cascades included, in one explicit transaction: nothing half-deleted if any part fails.
  await db().transaction(async (tx) => {
    await tx.delete(clients).where(eq(clients.id, ctx.access.client.id));
  });
  return { status: 200, message: `Client ${ctx.access.client.name} deleted` };
}
