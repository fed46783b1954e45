import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { NextRequest } from "next/server";
import { env } from "../env";
import { revalidateEarly } from "./early-revalidation";
import { splitLinkRedirect } from "./split-link-redirect";

// What the web server (scripts/lib/web-handler.mjs) answers itself, before handing a request to Next.js: the two
// answers issue 60's load and the split links need in a millisecond, which Next.js's routing, proxy and route
// machinery alone cost several times over (docs/decisions/0037). Each is the route's own answer, made by the code the
// route runs; a request either does not answer goes to Next.js untouched.
// - A revalidation (If-None-Match) of a ready report's report, KPIs or insights: the route's 304, after the route's
//   checks (early-revalidation.ts); anything else, Next.js.
// - A split link's redirect, GET /s/{slug} (split-link-redirect.ts, which the route runs too).

const SPLIT_PATH = /^\/s\/([^/?]+)$/;

/** True when `req` was answered here; false (nothing written) when Next.js is to answer it. */
export async function earlyAnswer(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  if (req.method !== "GET" || !req.url) return false;
  if (req.headers["if-none-match"] && (await revalidateEarly(req, res))) return true;
  const basePath = env().BASE_PATH ?? "";
  if (!req.url.startsWith(`${basePath}/s/`)) return false;
  const url = new URL(req.url, `http://${req.headers.host ?? "localhost"}`);
  const slug = SPLIT_PATH.exec(url.pathname.slice(basePath.length))?.[1];
  if (!slug) return false;
  await send(res, await splitLinkRedirect(new NextRequest(url, { headers: requestHeaders(req) }), slug));
  return true;
}

function requestHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers))
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  return headers;
}

/** A Fetch API answer written to Node's response (cookies one header each, as Next.js writes them). */
async function send(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers["set-cookie"] = cookies;
  const body = Buffer.from(await response.arrayBuffer());
  res.writeHead(response.status, { ...headers, "content-length": String(body.length) });
  res.end(body);
}

/** Where the web server finds it: set once when the app starts (instrumentation.ts). */
export const EARLY_ANSWER = Symbol.for("funnelwise.earlyAnswer");

export function registerEarlyAnswer(): void {
  (globalThis as Record<symbol, unknown>)[EARLY_ANSWER] = earlyAnswer;
}
