import { createDataSourceSchema } from "@/lib/validation/data-sources";
import { parseJsonBody, parseQuery } from "@/server/http/body";
import { json, withProjectAccess } from "@/server/http/route";
import { createDataSource } from "@/server/services/data-sources/create-data-source";
import { listDataSources } from "@/server/services/data-sources/list-data-sources";
import { pageQuerySchema } from "@/server/services/pagination";

export const GET = withProjectAccess("datasource:view", async (ctx, http) =>
  listDataSources({ ctx, input: parseQuery(http.req, pageQuerySchema) }),
);
export const POST = withProjectAccess("datasource:manage", async (ctx, http) =>
  json(await createDataSource({ ctx, input: await parseJsonBody(http.req, createDataSourceSchema) }), 201),
);
