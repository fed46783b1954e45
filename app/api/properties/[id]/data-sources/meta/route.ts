import { metaSourceSchema } from "@/lib/validation/premium-sources";
import { parseJsonBody } from "@/server/http/body";
import { json, withProjectAccess } from "@/server/http/route";
import { createMetaSource } from "@/server/services/premium-sources/meta-source";

// The Meta Ads source of the ad account chosen from the caller's Meta login; its first import is queued.
export const POST = withProjectAccess("datasource:manage", async (ctx, http) =>
  json(await createMetaSource({ ctx, input: await parseJsonBody(http.req, metaSourceSchema) }), 201),
);
