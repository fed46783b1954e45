import "server-only";
import { count, desc, eq } from "drizzle-orm";
import { db } from "../../db/client";
import { dataSources } from "../../db/schema";
import { pageOffset, type PageQuery, type Paged } from "../pagination";
import { dataSourceView, type DataSourceView } from "./data-source-view";
import { dataRanges } from "./data-ranges";
import type { ProjectServiceContext } from "../context";

/** GET /properties/{id}/data-sources: the project's data sources, newest first, each with the dates of its rows. */
export async function listDataSources({
  ctx,
  input: page,
}: {
  ctx: ProjectServiceContext;
  input: PageQuery;
}): Promise<Paged<DataSourceView>> {
  const where = eq(dataSources.projectId, ctx.access.project.id);
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
  const ranges = await dataRanges(rows.map((r) => r.id));
  return { docs: rows.map((row) => dataSourceView(row, ranges.get(row.id) ?? null)), total };
}
