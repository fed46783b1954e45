import { NextResponse, type NextRequest } from "next/server";
import { guardApiRequest } from "@/lib/api-routes/api-request-guard";
import { securityHeaders } from "@/lib/security/security-headers";

// Every request passes here for its security headers (a fresh script nonce per request, see
// lib/security/security-headers.ts).
//
// Insight links (`/client-projects/{id}/insights/{insightId}?download`) arrive by email and in
// exports, often in a browser that is logged out. Spec section 2: the path is kept as the fallback
// route and used after login. Without a session cookie, send the visitor to the login page with
// the path and query in `?next=` (the login page stores it as the fallback route). With a cookie,
// pass the path on in a header so the layout can do the same if the session turns out invalid.
// Only the cookie's presence is checked here; the page verifies the session itself.

const SESSION_COOKIES = ["next-auth.session-token", "__Secure-next-auth.session-token"];
export const RETURN_PATH_HEADER = "x-funnelwise-return-path";
const INSIGHT_PAGE = /^\/client-projects\/[^/]+\/insights(\/|$)/;

export function proxy(request: NextRequest) {
  const api = request.nextUrl.pathname.startsWith("/api/");
  const headers = securityHeaders({
    kind: api ? "api" : "page",
    // API answers run no script: their policy has no nonce.
    nonce: api ? "" : btoa(crypto.randomUUID()),
    https: (process.env.APP_URL ?? "").startsWith("https://"),
    development: process.env.NODE_ENV === "development",
  });
  // An API request goes on unchanged: rewriting its headers (for the nonce) would make Next.js copy
  // them all into the route's request, a cost on every API call for nothing.
  const response = api
    ? (guardApiRequest(request.method, request.nextUrl.pathname) ?? NextResponse.next())
    : route(request, headers["Content-Security-Policy"]);
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  // Share links open without a login, but they are private: keep them out of search engines.
  if (request.nextUrl.pathname.startsWith("/shared/")) response.headers.set("X-Robots-Tag", "noindex, nofollow");
  return response;
}

function route(request: NextRequest, contentSecurityPolicy: string): NextResponse {
  const { pathname, search } = request.nextUrl;
  const returnPath = `${pathname}${search}`;
  const forwarded = new Headers(request.headers);
  // Next.js reads the nonce from the request's policy and puts it on the scripts it renders.
  forwarded.set("Content-Security-Policy", contentSecurityPolicy);
  if (INSIGHT_PAGE.test(pathname)) {
    const hasSession = SESSION_COOKIES.some((name) => Boolean(request.cookies.get(name)?.value));
    if (!hasSession) {
      const login = request.nextUrl.clone();
      login.pathname = "/login";
      login.search = "";
      login.searchParams.set("next", returnPath);
      return NextResponse.redirect(login);
    }
    forwarded.set(RETURN_PATH_HEADER, returnPath);
  }
  return NextResponse.next({ request: { headers: forwarded } });
}

export const config = {
  // Static build assets are immutable files: they carry no page and need no nonce.
  // CSV uploads (up to 200 MB) stream into PostgreSQL: Next.js buffers the body of every request
  // its proxy runs for, and cuts it at 10 MB, so both upload routes (a file into a source, and a new
  // source with its first file) are left out and set their own security headers
  // (server/http/api-security-headers.ts). Split links (`/s/{slug}`) redirect a campaign's visitors and must answer
  // in milliseconds: they set their own headers too. Only ids of hex digits and dashes are left out, so a
  // malformed path there still reaches the proxy's 400.
  matcher: [
    {
      source:
        "/((?!_next/static|_next/image|favicon.ico|s/[a-z0-9-]+$|api/data-sources/[0-9a-fA-F-]+/upload$|api/properties/[0-9a-fA-F-]+/data-sources/upload$).*)",
    },
  ],
};
