import { createDataSourceSchema } from "@/lib/validation/data-sources";
import { parseJsonBody, parseQuery } from "@/server/http/body";
import { pageQuerySchema } from "@/server/http/pagination";
import { json, withProjectAccess } from "@/server/http/route";
import { createDataSource } from "@/server/services/data-sources/create-data-source";
import { listDataSources } from "@/server/services/data-sources/list-data-sources";

export const GET = withProjectAccess("datasource:view", async (ctx) =>
  listDataSources({ access: ctx.access, page: parseQuery(ctx.req, pageQuerySchema) }),
);
export const POST = withProjectAccess("datasource:manage", async (ctx) =>
  json(
    await createDataSource({ ctx, access: ctx.access, input: await parseJsonBody(ctx.req, createDataSourceSchema) }),
    201,
  ),
);
