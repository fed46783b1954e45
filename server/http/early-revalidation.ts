import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ClientAction } from "@/lib/permissions";
import { TRANSACTION_ID_HEADER } from "@/lib/constants/app";
import { isApiToken } from "../auth/api-token";
import { sessionProjectReadVersion, sessionReportReadVersion, type SessionReadVersion } from "../auth/session-access";
import { decodeSessionToken, readSessionToken, type SessionClaims } from "../auth/session-token";
import { env } from "../env";
import { log } from "../log";
import { apiSecurityHeaders } from "./api-security-headers";
import { isUuid } from "./params";
import { matchesIfNoneMatch, readCacheHeaders } from "./read-cache";
import { sanitizeTxId } from "./route";

// Issue 60's load: a browser revalidating a ready report's report, KPIs or insights (If-None-Match, read-cache.ts)
// gets a 304 that costs one query, but Next.js's routing, its proxy and the route machinery around that query cost
// several times the query's own CPU (docs/decisions/0037). The web server (scripts/lib/web-handler.mjs) asks this
// first, before handing the request to Next.js: it answers the 304 itself when, and only when, the route would,
// after the route's own checks (the session, its revocation and version, the confirmed agency, the resource in the
// caller's agency, the client's sharing, suspension and level: the same one query, session-access.ts) and with the
// route's own ETag and headers. Anything else (no matching ETag, an API token, a failed check: 401, 403, 404, a
// report not ready, any other path or query) is not answered here and goes to Next.js, which answers it as before;
// so another agency's id is never a 304 (the route's 404), and a change of the report or the project's look (a new
// read version, raised by the database's triggers) is a full answer from the route.

/** One read this answers: its kind (the ETag's), the route's check, and the version the route caches by. */
interface EarlyRead {
  kind: string;
  version: (claims: SessionClaims) => Promise<SessionReadVersion>;
}

const ACTION: ClientAction = "report:view";
const REPORT_PATH = /^\/api\/reports\/([0-9a-fA-F-]{36})(\/kpis)?$/;
const INSIGHTS_PATH = /^\/api\/insights\/properties\/([0-9a-fA-F-]{36})$/;

/** The read a path and query name, as the routes read them (app/api/reports/[id], …/kpis, insights/properties/[id]). */
function earlyRead(pathname: string, query: URLSearchParams): EarlyRead | null {
  const report = REPORT_PATH.exec(pathname);
  if (report && isUuid(report[1])) {
    const id = report[1].toLowerCase();
    return {
      kind: report[2] ? "kpis" : "report",
      version: (claims) => sessionReportReadVersion(claims, id, ACTION),
    };
  }
  const insights = INSIGHTS_PATH.exec(pathname);
  const reportId = query.get("reportId");
  // A tag's insights and the master report's list are not cached (the route answers them no-store).
  if (insights && isUuid(insights[1]) && isUuid(reportId) && !query.get("tag")) {
    const id = insights[1].toLowerCase();
    return {
      kind: "insights",
      version: (claims) => sessionProjectReadVersion(claims, id, ACTION, reportId.toLowerCase()),
    };
  }
  return null;
}

/** The session cookie's value; undefined when absent or sent twice (left to Next.js's own reading of it). */
function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  const values = header
    .split(";")
    .map((part) => part.trim())
    .filter((part) => part.startsWith(`${name}=`));
  if (values.length !== 1) return undefined;
  try {
    return decodeURIComponent(values[0].slice(name.length + 1));
  } catch {
    return undefined;
  }
}

/**
 * Answers `req` with the route's 304 when the caller's session may read the named ready report and already holds its
 * current version; true when it did. False (nothing written) in every other case: Next.js answers.
 */
export async function revalidateEarly(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const started = Date.now();
  const ifNoneMatch = req.headers["if-none-match"];
  if (req.method !== "GET" || !ifNoneMatch || !req.url) return false;
  const url = new URL(req.url, "http://app.invalid");
  const basePath = env().BASE_PATH ?? "";
  if (basePath && !url.pathname.startsWith(`${basePath}/`)) return false;
  const pathname = url.pathname.slice(basePath.length);
  const read = earlyRead(pathname, url.searchParams);
  if (!read) return false;
  const token = readSessionToken({ get: (name) => headerText(req.headers[name.toLowerCase()]) }, (name) =>
    cookieValue(headerText(req.headers.cookie) ?? undefined, name),
  );
  if (!token || isApiToken(token)) return false;
  const claims = await decodeSessionToken(token);
  if (!claims) return false;
  let checked: Awaited<ReturnType<EarlyRead["version"]>>;
  try {
    checked = await read.version(claims);
  } catch {
    // 401, 403 or 404: the route answers it, in its error shape.
    return false;
  }
  const { version } = checked;
  if (!version || version.status !== "ready") return false;
  const headers = readCacheHeaders(read.kind, version, checked.actor, url.search);
  if (!matchesIfNoneMatch(headerText(ifNoneMatch), headers.ETag)) return false;
  const txId = sanitizeTxId(headerText(req.headers[TRANSACTION_ID_HEADER.toLowerCase()]));
  res.writeHead(304, { ...apiSecurityHeaders(), ...headers, [TRANSACTION_ID_HEADER]: txId });
  res.end();
  log("info", "request", { txId, method: "GET", path: pathname, status: 304, ms: Date.now() - started });
  return true;
}

function headerText(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(", ") : value;
}
