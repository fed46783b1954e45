import { createPartnerSourceSchema } from "@/lib/validation/partner-sources";
import { parseJsonBody } from "@/server/http/body";
import { json, withProjectAccess } from "@/server/http/route";
import { createPartnerSource } from "@/server/services/data-sources/create-partner-source";

export const POST = withProjectAccess("datasource:manage", async (ctx, http) =>
  json(await createPartnerSource({ ctx, input: await parseJsonBody(http.req, createPartnerSourceSchema) }), 201),
);
