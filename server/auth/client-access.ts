import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { MESSAGES } from "@/lib/constants/messages";
import { canOnClient, type ClientAction } from "@/lib/permissions";
import { db } from "../db/client";
import { prepared } from "../db/prepared";
import {
  clientProjects,
  clients,
  clientStaff,
  dataSources,
  type Client,
  type ClientProject,
  type DataSource,
} from "../db/schema";
import { ForbiddenError, NotFoundError } from "../errors";
import type { Actor } from "./actor";

export interface ClientAccess {
  client: Client;
  /** The caller's level on this client: 4 for agency admins, else the shared level. */
  level: number;
}
export interface ProjectAccess extends ClientAccess {
  project: ClientProject;
}
export interface DataSourceAccess extends ProjectAccess {
  dataSource: DataSource;
}

/**
 * The one check behind every client and project route. Another agency's client, or a client not
 * shared with a staff member, is 404 (it does not exist for them); a suspended client is 403 with
 * the spec's message for everyone but agency admins; a level too low for the action is 403.
 */
export function authorize(
  actor: Actor,
  client: Client | undefined,
  sharedLevel: number | null,
  action: ClientAction,
): ClientAccess {
  const level = clientLevel(actor, client, sharedLevel, action);
  return { client: client!, level };
}

/** authorize's rules on the two columns of a client they read; the caller's level (4 for agency admins). */
export function clientLevel(
  actor: Actor,
  client: Pick<Client, "agencyId" | "status"> | null | undefined,
  sharedLevel: number | null,
  action: ClientAction,
): number {
  if (!client || client.agencyId !== actor.agencyId) throw new NotFoundError();
  if (!actor.isAgencyAdmin && sharedLevel === null) throw new NotFoundError();
  if (!actor.isAgencyAdmin && client.status === "suspended") throw new ForbiddenError(MESSAGES.clientSuspended);
  if (!canOnClient(actor, sharedLevel, action)) throw new ForbiddenError();
  return actor.isAgencyAdmin ? 4 : (sharedLevel as number);
}

// The access checks every client and project route runs, prepared once (see server/db/prepared.ts).
const callerLevel = and(eq(clientStaff.clientId, clients.id), eq(clientStaff.userId, sql.placeholder("userId")));

const clientQuery = prepared((database) =>
  database
    .select({ client: clients, level: clientStaff.permission })
    .from(clients)
    .leftJoin(clientStaff, callerLevel)
    .where(and(eq(clients.id, sql.placeholder("id")), eq(clients.agencyId, sql.placeholder("agencyId"))))
    .limit(1)
    .prepare("client_access"),
);

export async function requireClientAccess(actor: Actor, clientId: string, action: ClientAction): Promise<ClientAccess> {
  const [row] = await clientQuery().execute({ id: clientId, agencyId: actor.agencyId, userId: actor.userId });
  return authorize(actor, row?.client, row?.level ?? null, action);
}

const projectQuery = prepared((database) =>
  database
    .select({ project: clientProjects, client: clients, level: clientStaff.permission })
    .from(clientProjects)
    .innerJoin(clients, eq(clients.id, clientProjects.clientId))
    .leftJoin(clientStaff, callerLevel)
    .where(and(eq(clientProjects.id, sql.placeholder("id")), eq(clientProjects.agencyId, sql.placeholder("agencyId"))))
    .limit(1)
    .prepare("project_access"),
);

export async function requireProjectAccess(
  actor: Actor,
  projectId: string,
  action: ClientAction,
): Promise<ProjectAccess> {
  const [row] = await projectQuery().execute({ id: projectId, agencyId: actor.agencyId, userId: actor.userId });
  const access = authorize(actor, row?.client, row?.level ?? null, action);
  return { ...access, project: row!.project };
}

/** Routes under /data-sources/{id}: the data source's project's client decides, with the same 404/403 rules. */
export async function requireDataSourceAccess(
  actor: Actor,
  dataSourceId: string,
  action: ClientAction,
): Promise<DataSourceAccess> {
  const [row] = await db()
    .select({ dataSource: dataSources, project: clientProjects, client: clients, level: clientStaff.permission })
    .from(dataSources)
    .innerJoin(clientProjects, eq(clientProjects.id, dataSources.projectId))
    .innerJoin(clients, eq(clients.id, clientProjects.clientId))
    .leftJoin(clientStaff, and(eq(clientStaff.clientId, clients.id), eq(clientStaff.userId, actor.userId)))
    .where(and(eq(dataSources.id, dataSourceId), eq(dataSources.agencyId, actor.agencyId)))
    .limit(1);
  const access = authorize(actor, row?.client, row?.level ?? null, action);
  return { ...access, project: row!.project, dataSource: row!.dataSource };
}
