import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { clientActionsFor, permissionLabel } from "@/lib/permissions";
import type { Actor } from "../../auth/actor";
import type { ClientAccess } from "../../auth/client-access";
import { db } from "../../db/client";
import { clients, clientStaff, users } from "../../db/schema";
import { NotFoundError } from "../../errors";
import { clientView } from "../clients/client-view";

/** GET /clients/{id}/permissions: the caller's level on the client and what it allows. */
export function clientPermissions({ ctx, access }: { ctx: { actor: Actor }; access: ClientAccess }) {
  return {
    clientId: access.client.id,
    isAgencyAdmin: ctx.actor.isAgencyAdmin,
    permission: ctx.actor.isAgencyAdmin ? null : access.level,
    label: ctx.actor.isAgencyAdmin ? "Agency Admin" : permissionLabel(access.level),
    actions: clientActionsFor(ctx.actor, access.level),
  };
}

/** GET /users/{id}/clients: the clients shared with a staff member (admins: anyone; staff: themselves). */
export async function userClients({ ctx, userId }: { ctx: { actor: Actor }; userId: string }) {
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
