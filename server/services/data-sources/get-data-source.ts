import "server-only";
import type { DataSourceServiceContext } from "../context";
import { dataSourceView } from "./data-source-view";

/** GET /data-sources/{id}: the row the access check already loaded. */
export async function getDataSource({ ctx }: { ctx: DataSourceServiceContext }) {
  return dataSourceView(ctx.access.dataSource);
}
