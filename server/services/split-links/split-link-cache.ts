import "server-only";
import { pool } from "../../db/client";
import type { SplitLinkVariant } from "../../db/schema";

export interface CachedLink {
  id: string;
  status: "running" | "paused" | "stopped";
  variants: SplitLinkVariant[];
}

/**
 * How long a web process answers a split link from its own copy of the link before reading it again. The redirect
 * then touches no database at all while a campaign's visitors arrive (its counts are written apart,
 * split-counts.ts): 20 visitors at once waited on the pool for the link's read as much as on anything else. A link
 * paused, stopped or deleted in this process is forgotten at once; another process follows within this time.
 */
export const SPLIT_LINK_CACHE_MS = 1_000;
/** Unknown slugs are remembered too (a burst of bad links reads the table once); past this many, all are forgotten. */
const MAX_ENTRIES = 2_000;

// One copy per process, on globalThis: Next.js bundles this module more than once (the route's and the web server's
// early answer, server/http/early-answer.ts), and a link paused through one must be forgotten by the other at once.
interface LinkCache {
  cache: Map<string, { link: CachedLink | null; at: number }>;
  reading: Map<string, Promise<CachedLink | null>>;
  /** Bumped when a link changes, so a read begun before the change does not keep the old link. */
  generation: number;
}
const state = ((globalThis as Record<symbol, LinkCache | undefined>)[Symbol.for("funnelwise.splitLinkCache")] ??= {
  cache: new Map(),
  reading: new Map(),
  generation: 0,
});
const { cache, reading } = state;

async function read(slug: string): Promise<CachedLink | null> {
  const { rows } = await pool().query<CachedLink>({
    name: "split_link_by_slug",
    text: "select id, status, variants from split_links where slug = $1",
    values: [slug],
  });
  return rows[0] ?? null;
}

/** The link by its slug, as read at most SPLIT_LINK_CACHE_MS ago; one read for visitors arriving together. */
export async function splitLinkBySlug(slug: string, now = Date.now()): Promise<CachedLink | null> {
  const hit = cache.get(slug);
  if (hit && now - hit.at < SPLIT_LINK_CACHE_MS) return hit.link;
  let pending = reading.get(slug);
  if (!pending) {
    const started = state.generation;
    pending = read(slug)
      .then((link) => {
        if (cache.size >= MAX_ENTRIES) cache.clear();
        if (started === state.generation) cache.set(slug, { link, at: Date.now() });
        return link;
      })
      .finally(() => reading.delete(slug));
    reading.set(slug, pending);
  }
  return pending;
}

/** After a link changed (paused, resumed, stopped, deleted): the next visit reads it again. */
export function forgetSplitLink(slug: string): void {
  state.generation += 1;
  cache.delete(slug);
  reading.delete(slug);
}
