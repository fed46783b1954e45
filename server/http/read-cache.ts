import "server-only";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { NextResponse, type NextRequest } from "next/server";
import type { Actor } from "../auth/actor";
import type { ReadVersion } from "../services/reports/read-version";

/**
 * The spec's reporting cache ages, "derived cumulatively from 5, 2, 1, 1, 1, 0.5" (minutes): 5, 7, 8, 9, 10 and
 * 10.5 minutes, in seconds.
 */
export const CACHE_AGE_STEPS_MINUTES = [5, 2, 1, 1, 1, 0.5] as const;
export const CACHE_AGES_SECONDS: readonly number[] = CACHE_AGE_STEPS_MINUTES.reduce<number[]>(
  (ages, step) => [...ages, (ages.at(-1) ?? 0) + step * 60],
  [],
);

/**
 * How long a browser may reuse a copy without asking (Cache-Control max-age, seconds): the highest step of the
 * ladder that the version has already held for. A version younger than the first step (a report just made ready,
 * tags being edited, a logo just changed) is revalidated on every read; one that held 10.5 minutes is reused for
 * 10.5 minutes. So a copy is never reused for longer than its version had lasted when it was sent.
 */
export function cacheMaxAge(heldForMs: number): number {
  let age = 0;
  for (const step of CACHE_AGES_SECONDS) if (heldForMs >= step * 1000) age = step;
  return age;
}

// A new build may shape the same data differently: its ETags differ from the last build's (Next.js writes the id
// beside the build; tests and development have none).
const BUILD = (() => {
  try {
    return fs.readFileSync(path.join(process.cwd(), process.env.NEXT_DIST_DIR || ".next", "BUILD_ID"), "utf8").trim();
  } catch {
    return "dev";
  }
})();

/**
 * The strong ETag of one read of a ready report: the kind of read, the report and its version, the reader (an
 * insight list says which insights the reader saved) and the query (filters, the export's contents).
 */
export function readEtag(kind: string, version: ReadVersion, actor: Pick<Actor, "userId">, search: string): string {
  const hash = createHash("sha256")
    .update([BUILD, kind, version.id, version.readVersion, actor.userId, search].join("\n"))
    .digest("base64url");
  return `"${hash.slice(0, 32)}"`;
}

/**
 * The caching headers of one read of a ready report (its ETag, the ladder's max-age, Vary on the credentials): the
 * same for its full answer and its 304, whether the route or the web server's early answer (early-revalidation.ts)
 * sends it.
 */
export function readCacheHeaders(kind: string, version: ReadVersion, actor: Pick<Actor, "userId">, search: string) {
  return {
    ETag: readEtag(kind, version, actor, search),
    "Cache-Control": `private, max-age=${cacheMaxAge(Date.now() - version.readChangedAt.getTime())}`,
    Vary: "Authorization, Cookie",
  };
}

/** If-None-Match holds `etag` (a list, `*`, or the weak form W/"…": RFC 9110 compares weakly for it). */
export function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t === etag || t === `W/${etag}`;
  });
}

/**
 * One read of a ready report, cached by the browser: answered 304 (no body, nothing computed) when the caller
 * already holds the current version, else `produce`'s answer (data as JSON, or a ready Response such as a file)
 * with its ETag. `private` always (the answer is one user's, behind their session: never a shared cache), `Vary`
 * on the credentials so one browser's second user never gets the first one's copy. A report that is not ready
 * (queued, running, failed: its answer moves) and a read of no single report (`version` null) are not cached: the
 * route wrapper answers them `no-store`. Access is checked before this is called, so another agency's id is a 404
 * here as anywhere, never a 304.
 */
export async function cachedRead(
  req: NextRequest,
  read: { kind: string; version: ReadVersion | null; actor: Pick<Actor, "userId"> },
  produce: () => Promise<unknown>,
): Promise<unknown> {
  const { version } = read;
  if (!version || version.status !== "ready") return produce();
  const headers = readCacheHeaders(read.kind, version, read.actor, req.nextUrl.search);
  if (matchesIfNoneMatch(req.headers.get("if-none-match"), headers.ETag))
    return new Response(null, { status: 304, headers });
  const result = await produce();
  const response = result instanceof Response ? result : NextResponse.json(result ?? { status: 200 });
  if (response.status !== 200) return response;
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}
