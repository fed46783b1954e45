import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { clientActionsFor, permissionLabel } from "@/lib/permissions";
import { db } from "../../db/client";
import { clients, clientStaff, users } from "../../db/schema";
import { NotFoundError } from "../../errors";
import { clientView } from "../clients/client-view";
import type { ClientServiceContext, ServiceContext } from "../context";

/** GET /clients/{id}/permissions: the caller's level on the client and what it allows. */
export function clientPermissions({ ctx }: { ctx: ClientServiceContext }) {
  return {
    clientId: ctx.access.client.id,
    isAgencyAdmin: ctx.actor.isAgencyAdmin,
    permission: ctx.actor.isAgencyAdmin ? null : ctx.access.level,
    label: ctx.actor.isAgencyAdmin ? "Agency Admin" : permissionLabel(ctx.access.level),
    actions: clientActionsFor(ctx.actor, ctx.access.level),
  };
}

/** GET /users/{id}/clients: the clients shared with a staff member (admins: anyone; staff: themselves). */
export async function userClients({ ctx, input }: { ctx: ServiceContext; input: { userId: string } }) {
  const { userId } = input;
  if (!ctx.actor.isAgencyAdmin && userId !== ctx.actor.userId) throw new NotFoundError();
  const [user] = await db()
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.agencyId, ctx.actor.agencyId)));
  if (!user) throw new NotFoundError();
  const rows = await db()
    .select({ client: clients, permission: clientStaff.permission })
    .from(clientStaff)
    .innerJoin(clients, eq(clients.id, clientStaff.clientId))
    .where(and(eq(clientStaff.userId, userId), eq(clients.agencyId, ctx.actor.agencyId)))
    .orderBy(desc(clientStaff.createdAt));
  const docs = rows.map((r) => ({ ...clientView(ctx.actor, r.client, r.permission), permission: r.permission }));
  return { docs, total: docs.length };
}
