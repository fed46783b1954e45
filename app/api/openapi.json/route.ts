import { appUrl } from "@/server/env";
import { withUser } from "@/server/http/route";
import { buildOpenApiDocument } from "@/server/openapi/build-document";

/** GET /api/openapi.json: the OpenAPI 3.1 document of the whole API (any logged-in caller or API token). */
export const GET = withUser(async () => buildOpenApiDocument(appUrl("/").replace(/\/$/, "")));
