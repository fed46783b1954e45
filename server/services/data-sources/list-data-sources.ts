import "server-only";
import { count, desc, eq } from "drizzle-orm";
import type { ProjectAccess } from "../../auth/client-access";
import { db } from "../../db/client";
import { dataSources } from "../../db/schema";
import { pageOffset, type PageQuery, type Paged } from "../../http/pagination";
import { dataSourceView, type DataSourceView } from "./data-source-view";

/** GET /properties/{id}/data-sources: the project's data sources, newest first. */
export async function listDataSources({
  access,
  page,
}: {
  access: ProjectAccess;
  page: PageQuery;
}): Promise<Paged<DataSourceView>> {
  const where = eq(dataSources.projectId, access.project.id);
  const [rows, [{ total }]] = await Promise.all([
    db()
      .select()
      .from(dataSources)
      .where(where)
      .orderBy(desc(dataSources.createdAt), desc(dataSources.id))
      .limit(page.limit)
      .offset(pageOffset(page)),
    db().select({ total: count() }).from(dataSources).where(where),
  ]);
  return { docs: rows.map(dataSourceView), total };
}
