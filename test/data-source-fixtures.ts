import { and, count, eq, sql } from "drizzle-orm";
import * as dataSourceRoute from "@/app/api/data-sources/[id]/route";
import * as uploadRoute from "@/app/api/data-sources/[id]/upload/route";
import * as projectSourcesRoute from "@/app/api/properties/[id]/data-sources/route";
import { db } from "@/server/db/client";
import { observations } from "@/server/db/schema";
import { call } from "@/test/api";
import { createAgency, createUser } from "@/test/factories";
import { insertClient, insertProject, share } from "@/test/workspace";

// Calls and checks shared by the data source and CSV upload tests.

export const listSources = (projectId: string, token: string, query = "") =>
  call(projectSourcesRoute.GET, {
    path: `/api/properties/${projectId}/data-sources${query}`,
    params: { id: projectId },
    token,
  });
export const createSource = (projectId: string, token: string, body: unknown = {}) =>
  call(projectSourcesRoute.POST, {
    path: `/api/properties/${projectId}/data-sources`,
    params: { id: projectId },
    token,
    body,
  });
export const getSource = (id: string, token: string) =>
  call(dataSourceRoute.GET, { path: `/api/data-sources/${id}`, params: { id }, token });
export const putSource = (id: string, token: string, body: unknown) =>
  call(dataSourceRoute.PUT, { method: "PUT", path: `/api/data-sources/${id}`, params: { id }, token, body });
export const deleteSource = (id: string, token: string) =>
  call(dataSourceRoute.DELETE, { method: "DELETE", path: `/api/data-sources/${id}`, params: { id }, token });

/** POST /data-sources/{id}/upload with `csv` as the `file` field. */
export function uploadCsv(
  id: string,
  token: string,
  csv: string | Uint8Array,
  filename = "export.csv",
  type = "text/csv",
) {
  const form = new FormData();
  form.set("file", new File([csv as BlobPart], filename, { type }));
  return call(uploadRoute.POST, { path: `/api/data-sources/${id}/upload`, params: { id }, token, formData: form });
}

/** An agency with a client, a project and an upload source; a Viewer and a Data Creator on the client. */
export async function uploadWorld() {
  const main = await createAgency();
  const client = await insertClient(main.agency.id, { name: "Northwind" });
  const project = await insertProject(client);
  const viewer = await createUser({ agencyId: main.agency.id, role: "staff" });
  const creator = await createUser({ agencyId: main.agency.id, role: "staff" });
  await share(client.id, viewer.user.id, 1);
  await share(client.id, creator.user.id, 2);
  const created = await createSource(project.id, main.token, { name: "Shop export" });
  if (created.status !== 201) throw new Error(`creating the source answered ${created.status}`);
  return { main, client, project, viewer, creator, sourceId: created.body._id as string };
}

export async function countObservations(dataSourceId: string, date?: string): Promise<number> {
  const [{ n }] = await db()
    .select({ n: count() })
    .from(observations)
    .where(and(eq(observations.dataSourceId, dataSourceId), date ? eq(observations.date, date) : undefined));
  return n;
}

/** The source's rows with their dimension values, ordered, for exact comparisons. */
export async function observationRows(dataSourceId: string) {
  const result = await db().execute<Record<string, unknown>>(sql`
    select to_char(o.date, 'YYYY-MM-DD') as date, d.channel, d.device, d.campaign, d.landing_page as "landingPage",
           o.sessions, o.users, o.revenue, o.impressions, o.position_weighted as "positionWeighted"
    from observations o join dimension_sets d on d.id = o.dimension_set_id
    where o.data_source_id = ${dataSourceId}
    order by o.date, d.channel nulls first, d.device nulls first, d.campaign nulls first`);
  return result.rows;
}
