import "server-only";
import { and, eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { ClientAction } from "@/lib/permissions";
import { db } from "../db/client";
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
  return async (actor: Actor, id: string, action: ClientAction): Promise<ProjectChildAccess<K, Row>> => {
    // One query: the row, its project, the project's client and the caller's level on it.
    const [row] = (await db()
      .select({ child: table as PgTable, project: clientProjects, client: clients, level: clientStaff.permission })
      .from(table as PgTable)
      .innerJoin(
        clientProjects,
        and(eq(clientProjects.id, table.projectId), eq(clientProjects.agencyId, actor.agencyId)),
      )
      .innerJoin(clients, eq(clients.id, clientProjects.clientId))
      .leftJoin(clientStaff, and(eq(clientStaff.clientId, clients.id), eq(clientStaff.userId, actor.userId)))
      .where(and(eq(table.id, id), eq(table.agencyId, actor.agencyId)))
      .limit(1)) as { child: Row; project: ClientProject; client: Client; level: number | null }[];
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
