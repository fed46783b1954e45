import "server-only";
import { asc, count, inArray } from "drizzle-orm";
import { DASHBOARD_CLIENT_LIMIT } from "@/lib/api-client/dashboard-types";
import type { Actor } from "../../auth/actor";
import { db } from "../../db/client";
import { clientProjects, clients, dataSources } from "../../db/schema";
import { visibleClients } from "../clients/list-clients";

/** The clients the caller may see (first ones by name), their projects and their data sources: three queries. */
export async function loadVisibleProjects(actor: Actor) {
  const filter = visibleClients(actor);
  const [clientRows, [{ total }]] = await Promise.all([
    db()
      .select({ id: clients.id, name: clients.name, status: clients.status })
      .from(clients)
      .where(filter)
      .orderBy(asc(clients.name), asc(clients.id))
      .limit(DASHBOARD_CLIENT_LIMIT),
    db().select({ total: count() }).from(clients).where(filter),
  ]);
  const clientIds = clientRows.map((c) => c.id);
  const projects = clientIds.length
    ? await db()
        .select({
          id: clientProjects.id,
          clientId: clientProjects.clientId,
          name: clientProjects.name,
          siteType: clientProjects.siteType,
          currency: clientProjects.currency,
          status: clientProjects.status,
          settings: clientProjects.settings,
        })
        .from(clientProjects)
        .where(inArray(clientProjects.clientId, clientIds))
        .orderBy(asc(clientProjects.name), asc(clientProjects.id))
    : [];
  const projectIds = projects.map((p) => p.id);
  const sources = projectIds.length
    ? await db()
        .select({
          id: dataSources.id,
          projectId: dataSources.projectId,
          name: dataSources.name,
          sourceName: dataSources.sourceName,
          kind: dataSources.kind,
          status: dataSources.status,
          createdAt: dataSources.createdAt,
        })
        .from(dataSources)
        .where(inArray(dataSources.projectId, projectIds))
    : [];
  return { clients: clientRows, total, projects, sources };
}

export type VisibleProjects = Awaited<ReturnType<typeof loadVisibleProjects>>;
