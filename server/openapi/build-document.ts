import { z } from "zod";
import { APP_NAME } from "@/lib/constants/app";
import { OPERATIONS } from "./catalogue.generated";
import type { CatalogueOperation } from "./catalogue-types";
import { NON_JSON_RESPONSES, RESPONSE_SCHEMAS } from "./response-schemas";

type JsonSchema = Record<string, unknown>;

/** The one error shape of every API answer (spec section 7: status, message, errors keyed by field). */
const errorSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});

/**
 * A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect): a request as a client sends it (input, before
 * transforms), a response as the route answers it (output).
 */
function jsonSchemaOf(schema: z.ZodType, io: "input" | "output" = "input"): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: "any", reused: "inline" }) as JsonSchema;
  delete json.$schema;
  return json;
}

const ACCESS: Record<string, string> = {
  withPublic: "Anyone (no token needed).",
  withUser: "Any logged-in member of the agency; what they may see is checked per resource.",
  withAgencyAdmin: "Agency admins only.",
};
const accessText = (access: string) =>
  ACCESS[access] ??
  "Members with access to the resource the path names (see the permission table, lib/permissions.ts).";

function parametersOf(op: CatalogueOperation): JsonSchema[] {
  const pathParams = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1],
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  if (!op.query) return pathParams;
  const schema = jsonSchemaOf(op.query) as { properties?: Record<string, JsonSchema>; required?: string[] };
  const queryParams = Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    in: "query",
    required: schema.required?.includes(name) ?? false,
    schema: property,
  }));
  return [...pathParams, ...queryParams];
}

/**
 * The success answer: its JSON Schema (response-schemas.ts), or what a file or redirect is. Every route has one:
 * test/openapi.test.ts fails for a route without.
 */
function successOf(op: CatalogueOperation): { status: number; response: JsonSchema } {
  const key = `${op.method} ${op.path}`;
  const schema = RESPONSE_SCHEMAS[key];
  if (schema)
    return {
      status: op.status,
      response: {
        description: "Success.",
        content: { "application/json": { schema: jsonSchemaOf(schema, "output") } },
      },
    };
  const other = NON_JSON_RESPONSES[key];
  // Only a route landed without its schema gets here; the document stays whole rather than failing every reader.
  if (!other) return { status: op.status, response: { description: "Success." } };
  return {
    status: other.status ?? op.status,
    response: {
      description: other.description,
      ...(other.content
        ? {
            content: Object.fromEntries(
              other.content.map((type) => [type, { schema: { type: "string", format: "binary" } }]),
            ),
          }
        : {}),
    },
  };
}

function operationOf(op: CatalogueOperation): JsonSchema {
  const errors = (codes: number[]) =>
    Object.fromEntries(
      codes.map((code) => [
        String(code),
        {
          description: ERROR_TEXT[code],
          content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
        },
      ]),
    );
  const success = successOf(op);
  const body = op.body
    ? { required: true, content: { "application/json": { schema: jsonSchemaOf(op.body) } } }
    : op.multipart && op.method !== "GET"
      ? { required: true, content: { "multipart/form-data": { schema: { type: "object" } } } }
      : undefined;
  return {
    operationId: `${op.method.toLowerCase()}${op.path.replace(/\{(\w+)\}/g, "By-$1").replace(/[^A-Za-z0-9]+(\w)/g, (_, c: string) => c.toUpperCase())}`,
    summary: op.summary.length > 120 ? `${op.summary.slice(0, 117)}…` : op.summary,
    description: `${op.summary}\n\nWho may call it: ${accessText(op.access)}`,
    tags: [op.path.split("/")[2] ?? "api"],
    ...(op.access === "withPublic" ? { security: [] } : {}),
    parameters: parametersOf(op),
    ...(body ? { requestBody: body } : {}),
    responses: {
      [String(success.status)]: success.response,
      ...(op.method === "GET" && CACHED_READS.has(op.path) ? { "304": NOT_MODIFIED } : {}),
      ...errors(op.access === "withPublic" ? [400, 404] : [400, 401, 403, 404]),
    },
  };
}

/** The reads of a ready report that answer with an ETag and 304 (server/http/read-cache.ts). */
export const CACHED_READS = new Set([
  "/api/reports/{id}",
  "/api/reports/{id}/kpis",
  "/api/insights/properties/{id}",
  "/api/insights/{id}",
  "/api/properties/{id}/insights/export/excel",
  "/api/properties/{id}/insights/export/powerpoint",
]);

const NOT_MODIFIED = {
  description:
    "Not modified: the If-None-Match ETag is the current version of this ready report's read (the ETag comes with " +
    "each 200 of a ready report, with `Cache-Control: private, max-age=…`; a tag, save, data or look change gives a " +
    "new one). Reads of a report not yet ready, of a tag's insights or of the master report are not cached.",
};

const ERROR_TEXT: Record<number, string> = {
  400: "Bad input: the message, and the fields at fault in `errors`.",
  401: "No valid session or API token.",
  403: "Logged in, but not allowed.",
  404: "Not found, or not this caller's to see.",
};

/**
 * The OpenAPI 3.1 document of the whole API, made from the zod schemas the routes validate with (the catalogue is
 * generated from the route files): GET /api/openapi.json serves it and the API reference page renders it.
 */
export function buildOpenApiDocument(serverUrl: string) {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const op of OPERATIONS) (paths[op.path] ??= {})[op.method.toLowerCase()] = operationOf(op);
  return {
    openapi: "3.1.0",
    info: {
      title: `${APP_NAME} API`,
      version: "1.0.0",
      description:
        "Every route of the app. Authenticate with an agency API token (Settings › API: `Authorization: Bearer fwk_…`) or the token from POST /api/users/login. Errors are `{ status, message, errors? }`; lists are `{ docs, total }` with `?page=0&limit=20`.",
    },
    servers: [{ url: serverUrl }],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "An API token (fwk_…) or a session token" },
      },
      schemas: { Error: jsonSchemaOf(errorSchema) },
    },
    paths,
  };
}
