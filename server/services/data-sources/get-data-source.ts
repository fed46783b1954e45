import "server-only";
import type { DataSourceServiceContext } from "../context";
import { dataSourceView } from "./data-source-view";
import { dataRanges } from "./data-ranges";

/** GET /data-sources/{id}: the row the access check already loaded, with the dates of its rows. */
export async function getDataSource({ ctx }: { ctx: DataSourceServiceContext }) {
  const source = ctx.access.dataSource;
  const ranges = await dataRanges([source.id]);
  return dataSourceView(source, ranges.get(source.id) ?? null);
}
