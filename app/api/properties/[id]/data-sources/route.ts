import { createDataSourceSchema } from "@/lib/validation/data-sources";
import { createGoogleDataSourceSchema } from "@/lib/validation/google-data-sources";
import { parseJsonBody, parseQuery, parseWith } from "@/server/http/body";
import { json, withProjectAccess } from "@/server/http/route";
import { createDataSource } from "@/server/services/data-sources/create-data-source";
import { createGoogleDataSource } from "@/server/services/data-sources/create-google-data-source";
import { listDataSources } from "@/server/services/data-sources/list-data-sources";
import { pageQuerySchema } from "@/server/services/pagination";
import { z } from "zod";

// One body, two kinds: `kind: "google"` creates a connected Google source; anything else the upload source.
const kindOnly = z.looseObject({ kind: z.unknown().optional() });

export const GET = withProjectAccess("datasource:view", async (ctx, http) =>
  listDataSources({ ctx, input: parseQuery(http.req, pageQuerySchema) }),
);
export const POST = withProjectAccess("datasource:manage", async (ctx, http) => {
  const body = await parseJsonBody(http.req, kindOnly);
  if (body.kind === "google")
    return json(await createGoogleDataSource({ ctx, input: parseWith(createGoogleDataSourceSchema, body) }), 201);
  return json(await createDataSource({ ctx, input: parseWith(createDataSourceSchema, body) }), 201);
});
