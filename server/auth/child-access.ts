import "server-only";
import { and, eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { ClientAction } from "@/lib/permissions";
import { db } from "../db/client";
import { insights, insightTags, reports, type Insight, type Report } from "../db/schema";
import { NotFoundError } from "../errors";
import type { Actor } from "./actor";
import { requireProjectAccess, type ProjectAccess } from "./client-access";

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
    const [row] = (await db()
      .select()
      .from(table as PgTable)
      .where(and(eq(table.id, id), eq(table.agencyId, actor.agencyId)))
      .limit(1)) as Row[];
    if (!row) throw new NotFoundError();
    const access = await requireProjectAccess(actor, row.projectId, action);
    return { ...access, [key]: row } as ProjectChildAccess<K, Row>;
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
