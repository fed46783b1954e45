import "server-only";
import { and, count, desc, eq, exists, inArray, max, sql, type SQL } from "drizzle-orm";
import type { Actor } from "../../auth/actor";
import { db } from "../../db/client";
import { clientProjects, clients, clientStaff, reports, users } from "../../db/schema";
import { pageOffset, type PageQuery, type Paged } from "../pagination";
import { clientView, projectView, type ClientView, type ProjectView } from "./client-view";
import type { ServiceContext } from "../context";

export type ClientListEntry = ClientView & {
  projects: ProjectView[];
  clientAdmins: { _id: string; email: string; firstName: string; lastName: string }[];
};

/** Clients the caller may see: all of the agency's for admins, the shared ones for staff. */
export function visibleClients(actor: Actor): SQL {
  const inAgency = eq(clients.agencyId, actor.agencyId);
  if (actor.isAgencyAdmin) return inAgency;
  return and(
    inAgency,
    exists(
      db()
        .select({ one: sql`1` })
        .from(clientStaff)
        .where(and(eq(clientStaff.clientId, clients.id), eq(clientStaff.userId, actor.userId))),
    ),
  )!;
}

/**
 * The dashboard's list: a page of clients (newest first), each with its projects, their last
 * report date and the client's Client Admins. Four queries whatever the page size (no N+1).
 */
export async function listClients({
  ctx,
  input: page,
}: {
  ctx: ServiceContext;
  input: PageQuery;
}): Promise<Paged<ClientListEntry>> {
  const filter = visibleClients(ctx.actor);
  const [rows, [{ total }]] = await Promise.all([
    db()
      .select({ client: clients, level: clientStaff.permission })
      .from(clients)
      .leftJoin(clientStaff, and(eq(clientStaff.clientId, clients.id), eq(clientStaff.userId, ctx.actor.userId)))
      .where(filter)
      .orderBy(desc(clients.createdAt), desc(clients.id))
      .limit(page.limit)
      .offset(pageOffset(page)),
    db().select({ total: count() }).from(clients).where(filter),
  ]);
  const docs = await withProjectsAndAdmins(ctx.actor, rows);
  return { docs, total };
}

export async function withProjectsAndAdmins(
  actor: Actor,
  rows: { client: typeof clients.$inferSelect; level: number | null }[],
): Promise<ClientListEntry[]> {
  const ids = rows.map((r) => r.client.id);
  if (ids.length === 0) return [];
  const [projects, lastReports, admins] = await Promise.all([
    db()
      .select()
      .from(clientProjects)
      .where(inArray(clientProjects.clientId, ids))
      .orderBy(desc(clientProjects.createdAt)),
    db()
      .select({ projectId: reports.projectId, last: max(reports.createdAt) })
      .from(reports)
      .innerJoin(clientProjects, eq(clientProjects.id, reports.projectId))
      .where(and(inArray(clientProjects.clientId, ids), eq(reports.status, "ready")))
      .groupBy(reports.projectId),
    db()
      .select({
        clientId: clientStaff.clientId,
        _id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(clientStaff)
      .innerJoin(users, eq(users.id, clientStaff.userId))
      .where(and(inArray(clientStaff.clientId, ids), eq(clientStaff.permission, 4))),
  ]);
  const lastByProject = new Map(lastReports.map((r) => [r.projectId, r.last]));
  return rows.map(({ client, level }) => ({
    ...clientView(actor, client, level),
    projects: projects
      .filter((p) => p.clientId === client.id)
      .map((p) => projectView(p, lastByProject.get(p.id) ?? null)),
    clientAdmins: admins
      .filter((a) => a.clientId === client.id)
      .map((a) => ({ _id: a._id, email: a.email, firstName: a.firstName, lastName: a.lastName })),
  }));
}
