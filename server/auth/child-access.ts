import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { ClientAction } from "@/lib/permissions";
import { prepared } from "../db/prepared";
import {
  clientProjects,
  clients,
  clientStaff,
  insights,
  insightTags,
  reports,
  type Client,
  type ClientProject,
  type Insight,
  type Report,
} from "../db/schema";
import type { Actor } from "./actor";
import { authorize, type ProjectAccess } from "./client-access";

/** A table whose rows belong to one project of one agency. */
type ProjectChildTable = PgTable & { id: PgColumn; agencyId: PgColumn; projectId: PgColumn };

export type ProjectChildAccess<K extends string, Row> = ProjectAccess & { [P in K]: Row };

/**
 * Access to something that lives under a project (a report, a tag, an insight): the row must belong
 * to the caller's agency, and then its project (and through it the client) decides exactly as for
 * /properties/{id}. A row of another agency is 404, like a missing one, so ids cannot be probed.
 */
export function projectChildAccess<K extends string, T extends ProjectChildTable>(key: K, table: T) {
  type Row = T["$inferSelect"] & { projectId: string };
  // One query, prepared once: the row, its project, the project's client and the caller's level on it.
  const query = prepared((database) =>
    database
      .select({ child: table as PgTable, project: clientProjects, client: clients, level: clientStaff.permission })
      .from(table as PgTable)
      .innerJoin(
        clientProjects,
        and(eq(clientProjects.id, table.projectId), eq(clientProjects.agencyId, sql.placeholder("agencyId"))),
      )
      .innerJoin(clients, eq(clients.id, clientProjects.clientId))
      .leftJoin(
        clientStaff,
        and(eq(clientStaff.clientId, clients.id), eq(clientStaff.userId, sql.placeholder("userId"))),
      )
      .where(and(eq(table.id, sql.placeholder("id")), eq(table.agencyId, sql.placeholder("agencyId"))))
      .limit(1)
      .prepare(`${key}_access`),
  );
  return async (actor: Actor, id: string, action: ClientAction): Promise<ProjectChildAccess<K, Row>> => {
    const [row] = (await query().execute({ id, agencyId: actor.agencyId, userId: actor.userId })) as {
      child: Row;
      project: ClientProject;
      client: Client;
      level: number | null;
    }[];
    const access = authorize(actor, row?.client, row?.level ?? null, action);
    return { ...access, project: row!.project, [key]: row!.child } as ProjectChildAccess<K, Row>;
  };
}

export type InsightTag = typeof insightTags.$inferSelect;

export type ReportAccess = ProjectChildAccess<"report", Report>;
export type TagAccess = ProjectChildAccess<"tag", InsightTag>;
export type InsightAccess = ProjectChildAccess<"insight", Insight>;

export const requireReportAccess: (actor: Actor, id: string, action: ClientAction) => Promise<ReportAccess> =
  projectChildAccess("report", reports);
export const requireTagAccess: (actor: Actor, id: string, action: ClientAction) => Promise<TagAccess> =
  projectChildAccess("tag", insightTags);
export const requireInsightAccess: (actor: Actor, id: string, action: ClientAction) => Promise<InsightAccess> =
  projectChildAccess("insight", insights);
