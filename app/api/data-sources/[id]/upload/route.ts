import { withDataSourceAccess } from "@/server/http/route";
import { uploadCsv } from "@/server/services/data-sources/upload-csv";

// Streams the request body (a CSV up to 200 MB) straight into PostgreSQL: needs the Node runtime.
export const runtime = "nodejs";

export const POST = withDataSourceAccess("datasource:manage", async (ctx) =>
  uploadCsv({ ctx, access: ctx.access, req: ctx.req }),
);
