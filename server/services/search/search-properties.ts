import "server-only";
import { and, count, desc, eq, inArray, max, type SQL } from "drizzle-orm";
import type { Actor } from "../../auth/actor";
import { db } from "../../db/client";
import { clientProjects, clients, reports } from "../../db/schema";
import { pageOffset, type Paged } from "../pagination";
import { projectView, type ProjectView } from "../clients/client-view";
import { visibleClients } from "../clients/list-clients";
import { listedReport } from "../reports/listed-reports";
import { rankedSearch, searchField, searchTerm, totalOver, type SearchInput } from "./text-match";
import type { ServiceContext } from "../context";

export type PropertySearchEntry = ProjectView & { clientName: string };

const FIELDS = [searchField(clientProjects.name), searchField(clientProjects.url)];

/**
 * Projects of the clients the caller may see. The agency filter is on the project's own
 * (denormalised) agency column; staff are further limited to their visible clients, which are few,
 * so an admin's search never reads every client of a large agency.
 */
function visibleProjects(actor: Actor): SQL {
  const inAgency = eq(clientProjects.agencyId, actor.agencyId);
  if (actor.isAgencyAdmin) return inAgency;
  return and(
    inAgency,
    inArray(clientProjects.clientId, db().select({ id: clients.id }).from(clients).where(visibleClients(actor))),
  )!;
}

/** GET /searches/properties: projects whose name or URL matches `q`, best first, with their client's name. */
export async function searchProperties({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: SearchInput;
}): Promise<Paged<PropertySearchEntry>> {
  const visible = visibleProjects(ctx.actor);
  const found = await rankedSearch({
    fields: FIELDS,
    term: input.term ?? (await searchTerm(input.q)),
    page: input,
    newest: [desc(clientProjects.createdAt), desc(clientProjects.id)],
    run: (match, orderBy) =>
      db()
        .select({ project: clientProjects, total: totalOver })
        .from(clientProjects)
        .where(and(visible, match))
        .orderBy(...orderBy)
        .limit(input.limit)
        .offset(pageOffset(input)),
    count: async (match) => (await db().select({ n: count() }).from(clientProjects).where(and(visible, match)))[0].n,
  });
  const projects = found.docs.map((r) => r.project);
  if (projects.length === 0) return { docs: [], total: found.total };
  const [names, lastReports] = await Promise.all([
    db()
      .select({ id: clients.id, name: clients.name })
      .from(clients)
      .where(inArray(clients.id, [...new Set(projects.map((p) => p.clientId))])),
    db()
      .select({ projectId: reports.projectId, last: max(reports.createdAt) })
      .from(reports)
      .where(
        and(
          inArray(
            reports.projectId,
            projects.map((p) => p.id),
          ),
          eq(reports.status, "ready"),
          listedReport(),
        ),
      )
      .groupBy(reports.projectId),
  ]);
  const nameOf = new Map(names.map((c) => [c.id, c.name]));
  const lastOf = new Map(lastReports.map((r) => [r.projectId, r.last]));
  return {
    docs: projects.map((p) => ({
      ...projectView(p, lastOf.get(p.id) ?? null),
      clientName: nameOf.get(p.clientId) ?? "",
    })),
    total: found.total,
  };
}
