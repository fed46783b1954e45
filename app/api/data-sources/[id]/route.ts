import { updateDataSourceSchema } from "@/lib/validation/data-sources";
import { parseJsonBody } from "@/server/http/body";
import { withDataSourceAccess } from "@/server/http/route";
import { dataSourceView } from "@/server/services/data-sources/data-source-view";
import { deleteDataSource } from "@/server/services/data-sources/delete-data-source";
import { updateDataSource } from "@/server/services/data-sources/update-data-source";

export const GET = withDataSourceAccess("datasource:view", async (ctx) => dataSourceView(ctx.access.dataSource));
export const PUT = withDataSourceAccess("datasource:manage", async (ctx) =>
  updateDataSource({ access: ctx.access, input: await parseJsonBody(ctx.req, updateDataSourceSchema) }),
);
export const DELETE = withDataSourceAccess("datasource:manage", async (ctx) =>
  deleteDataSource({ access: ctx.access }),
);
