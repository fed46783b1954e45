import { securityHeaders } from "@/lib/security/security-headers";

/**
 * For the few API routes the proxy does not run for (proxy.ts's matcher says which and why): the
 * response gets the same security headers the proxy gives every other API answer.
 */
export function withApiSecurityHeaders<A extends unknown[]>(
  handler: (...args: A) => Promise<Response>,
): (...args: A) => Promise<Response> {
  return async (...args) => {
    const response = await handler(...args);
    const headers = securityHeaders({
      kind: "api",
      nonce: "",
      https: (process.env.APP_URL ?? "").startsWith("https://"),
      development: process.env.NODE_ENV === "development",
    });
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  };
}
