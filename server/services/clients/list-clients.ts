import "server-only";
import { and, count, desc, eq, exists, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Actor } from "../../auth/actor";
import { db } from "../../db/client";
import { prepared } from "../../db/prepared";
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
 * report date and the client's Client Admins. Three queries whatever the page size (no N+1): the
 * page with the total, the projects with their last report, the Client Admins.
 */
export async function listClients({
  ctx,
  input: page,
}: {
  ctx: ServiceContext;
  input: PageQuery;
}): Promise<Paged<ClientListEntry>> {
  const filter = visibleClients(ctx.actor);
  const rows = await db()
    .select({ client: clients, level: clientStaff.permission, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(clients)
    .leftJoin(clientStaff, and(eq(clientStaff.clientId, clients.id), eq(clientStaff.userId, ctx.actor.userId)))
    .where(filter)
    .orderBy(desc(clients.createdAt), desc(clients.id))
    .limit(page.limit)
    .offset(pageOffset(page));
  // Past the last page no row carries the total: count apart (rare).
  const total = rows.length
    ? rows[0].total
    : page.page === 0
      ? 0
      : (await db().select({ total: count() }).from(clients).where(filter))[0].total;
  const docs = await withProjectsAndAdmins(ctx.actor, rows);
  return { docs, total };
}

// Prepared (see server/db/prepared.ts); `ids` is an array of client ids.
const anyOf = (column: AnyPgColumn) => sql`${column} = any(${sql.placeholder("ids")}::uuid[])`;

// Correlated: drizzle leaves columns unqualified in a select without joins, so the tables are named here.
const lastReport = sql`select max(r.created_at) from reports r where r.project_id = "client_projects"."id" and r.status = 'ready' and r.kind = 'report'`;

const clientProjectsQuery = prepared((database) =>
  database
    .select({ project: clientProjects, last: sql<Date | null>`(${lastReport})`.mapWith(reports.createdAt) })
    .from(clientProjects)
    .where(anyOf(clientProjects.clientId))
    .orderBy(desc(clientProjects.createdAt))
    .prepare("client_list_projects"),
);

const clientAdminsQuery = prepared((database) =>
  database
    .select({
      clientId: clientStaff.clientId,
      _id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(clientStaff)
    .innerJoin(users, eq(users.id, clientStaff.userId))
    .where(and(anyOf(clientStaff.clientId), eq(clientStaff.permission, 4)))
    .prepare("client_list_admins"),
);

export async function withProjectsAndAdmins(
  actor: Actor,
  rows: { client: typeof clients.$inferSelect; level: number | null }[],
): Promise<ClientListEntry[]> {
  const ids = rows.map((r) => r.client.id);
  if (ids.length === 0) return [];
  const [projects, admins] = await Promise.all([
    clientProjectsQuery().execute({ ids }),
    clientAdminsQuery().execute({ ids }),
  ]);
  return rows.map(({ client, level }) => ({
    ...clientView(actor, client, level),
    projects: projects.filter((p) => p.project.clientId === client.id).map((p) => projectView(p.project, p.last)),
    clientAdmins: admins
      .filter((a) => a.clientId === client.id)
      .map((a) => ({ _id: a._id, email: a.email, firstName: a.firstName, lastName: a.lastName })),
  }));
}
