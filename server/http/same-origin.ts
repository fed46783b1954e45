import "server-only";
import type { NextRequest } from "next/server";
import { MESSAGES } from "@/lib/constants/messages";
import { env } from "../env";
import { ForbiddenError } from "../errors";

// CSRF: a browser sends the session cookie with a form another site posts to us (SameSite=Lax lets through a
// sibling subdomain, or another port of the same host), so every state-changing call that is not a bearer-token
// call must come from the app's own pages. Browsers say where a request comes from: Sec-Fetch-Site (every current
// browser) or else Origin. A mounted app (BASE_PATH) shares its origin with whatever else the host serves, so there
// the referring page must also be under the base path (our pages send their full address to their own origin:
// Referrer-Policy strict-origin-when-cross-origin). A call with none of these headers does not come from a web page
// (an API client, a webhook): no page can make a browser send one. ADR 0028.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export interface OwnSite {
  /** The origins the app answers as (APP_URL's, and the one the request was addressed to). */
  origins: string[];
  /** BASE_PATH, "" when the app is at the root. */
  basePath: string;
}

/** Whether a request may change anything: a safe method, a bearer-token call, or one from the app's own pages. */
export function mayChangeState(method: string, headers: Headers, site: OwnSite): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return true;
  if (/^bearer\s/i.test(headers.get("authorization") ?? "")) return true;
  const fetchSite = headers.get("sec-fetch-site");
  const origin = headers.get("origin");
  if (fetchSite === null && origin === null) return true;
  // "none": the user's own navigation (the address bar, a bookmark); any other value came from another site.
  if (fetchSite !== null && fetchSite !== "same-origin" && fetchSite !== "none") return false;
  if (fetchSite === null && !site.origins.includes(origin!)) return false;
  if (!site.basePath) return true;
  // Another application on the same origin is same-origin too: only our own pages are under the base path.
  try {
    const from = new URL(headers.get("referer") ?? "");
    const under = from.pathname === site.basePath || from.pathname.startsWith(`${site.basePath}/`);
    return site.origins.includes(from.origin) && under;
  } catch {
    return false;
  }
}

/** Refuses (403) a state-changing call made with the browser's cookie from a page that is not the app's own. */
export function assertSameOrigin(req: NextRequest): void {
  const { APP_URL, BASE_PATH } = env();
  const site = { origins: [req.nextUrl.origin, new URL(APP_URL).origin], basePath: BASE_PATH };
  if (!mayChangeState(req.method, req.headers, site)) throw new ForbiddenError(MESSAGES.crossSiteRequest);
}
