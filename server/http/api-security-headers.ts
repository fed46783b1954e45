import { securityHeaders } from "@/lib/security/security-headers";

/** The security headers of every API answer (proxy.ts sets them on those it runs for). */
export function apiSecurityHeaders(): Record<string, string> {
  return securityHeaders({
    kind: "api",
    nonce: "",
    https: (process.env.APP_URL ?? "").startsWith("https://"),
    development: process.env.NODE_ENV === "development",
  });
}

/**
 * For the few API routes the proxy does not run for (proxy.ts's matcher says which and why): the
 * response gets the same security headers the proxy gives every other API answer.
 */
export function withApiSecurityHeaders<A extends unknown[]>(
  handler: (...args: A) => Promise<Response>,
): (...args: A) => Promise<Response> {
  return async (...args) => {
    const response = await handler(...args);
    for (const [name, value] of Object.entries(apiSecurityHeaders())) response.headers.set(name, value);
    return response;
  };
}
