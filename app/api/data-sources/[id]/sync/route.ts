import { json, withDataSourceAccess } from "@/server/http/route";
import { getSyncStatus, requestSync } from "@/server/services/data-sources/sync-status";

export const GET = withDataSourceAccess("datasource:view", async (ctx) => getSyncStatus({ ctx }));
export const POST = withDataSourceAccess("datasource:manage", async (ctx) => json(await requestSync({ ctx }), 202));
