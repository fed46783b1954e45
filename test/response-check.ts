import { API_ROUTE_METHODS } from "@/lib/api-routes/api-route-methods";
import { matchApiRoute } from "@/lib/api-routes/match-api-route";
import { RESPONSE_SCHEMAS } from "@/server/openapi/response-schemas";

/** "/api/reports/[id]" (a route file's pattern) → "/api/reports/{id}" (the OpenAPI path). */
const openApiPath = (pattern: string) => pattern.replace(/\[\.{0,3}(\w+)\]/g, "{$1}");

/**
 * Every success answer a test receives from an API route is parsed with that route's response schema, strict: the
 * whole suite is the check that the OpenAPI document says what the routes answer (a field a view adds without its
 * schema, or a schema that says more than the route gives, fails the test that met it).
 */
export function checkResponse(method: string, url: URL, status: number, headers: Headers, body: unknown): void {
  if (status < 200 || status >= 300 || !url.pathname.startsWith("/api/")) return;
  if (!(headers.get("content-type") ?? "").includes("application/json")) return;
  const route = matchApiRoute(API_ROUTE_METHODS, url.pathname);
  if (!route) return;
  const key = `${method} ${openApiPath(route.pattern)}`;
  const schema = RESPONSE_SCHEMAS[key];
  if (!schema) return;
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new Error(
      `${key} answered what its response schema (server/openapi/response-schemas.ts) does not say:\n` +
        parsed.error.issues.map((i) => `  ${i.path.join(".") || "(body)"}: ${i.message}`).join("\n"),
    );
}
