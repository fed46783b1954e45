import { MESSAGES } from "../constants/messages";
import { API_ROUTE_METHODS } from "./api-route-methods";
import { allowedMethods, matchApiRoute } from "./match-api-route";

function errorJson(status: number, message: string, headers: Record<string, string> = {}): Response {
  return Response.json({ status, message }, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

/**
 * Answers, in the one error shape, what Next.js would answer with an empty or HTML body before any
 * route handler runs: a path with malformed percent-encoding (400) and a method the route does not
 * have (405 with Allow; TRACE and other methods no route has included). Null: let the route answer.
 */
export function guardApiRequest(method: string, pathname: string): Response | null {
  try {
    decodeURIComponent(pathname);
  } catch {
    return errorJson(400, MESSAGES.badPath);
  }
  const route = matchApiRoute(API_ROUTE_METHODS, pathname);
  // Unknown paths go to the catch-all, which answers 404 to every method it has.
  if (!route || route.pattern === "/api/[...path]") {
    const known = route ? allowedMethods(route) : [];
    return known.includes(method) ? null : errorJson(405, MESSAGES.methodNotAllowed, { Allow: known.join(", ") });
  }
  const allowed = allowedMethods(route);
  if (allowed.includes(method)) return null;
  return errorJson(405, MESSAGES.methodNotAllowed, { Allow: allowed.join(", ") });
}
