import { updateDataSourceSchema } from "@/lib/validation/data-sources";
import { parseJsonBody } from "@/server/http/body";
import { withDataSourceAccess } from "@/server/http/route";
import { deleteDataSource } from "@/server/services/data-sources/delete-data-source";
import { getDataSource } from "@/server/services/data-sources/get-data-source";
import { updateDataSource } from "@/server/services/data-sources/update-data-source";

export const GET = withDataSourceAccess("datasource:view", async (ctx) => getDataSource({ ctx }));
export const PUT = withDataSourceAccess("datasource:manage", async (ctx, http) =>
  updateDataSource({ ctx, input: await parseJsonBody(http.req, updateDataSourceSchema) }),
);
export const DELETE = withDataSourceAccess("datasource:manage", async (ctx) => deleteDataSource({ ctx }));
