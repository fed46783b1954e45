/** A route file under app/api: its URL pattern ("/api/clients/[id]") and the methods it exports. */
export interface ApiRoute {
  pattern: string;
  methods: readonly string[];
}

// Next.js prefers, segment by segment, a static name to a [param] to a [...catchAll].
const rank = (segment: string) => (segment.startsWith("[...") ? 2 : segment.startsWith("[") ? 1 : 0);

function matches(pattern: string[], path: string[]): boolean {
  for (let i = 0; i < pattern.length; i++) {
    const segment = pattern[i];
    if (segment.startsWith("[...")) return path.length > i;
    if (i >= path.length) return false;
    if (!segment.startsWith("[") && segment !== path[i]) return false;
  }
  return pattern.length === path.length;
}

interface CompiledRoute {
  route: ApiRoute;
  segments: string[];
  ranks: number[];
}

/**
 * Each route list split into segments once: the proxy matches every API request against all ~150 routes, and
 * splitting each pattern again on every request was about 2 % of the web process's CPU under load.
 */
const compiled = new WeakMap<readonly ApiRoute[], CompiledRoute[]>();

function compile(routes: readonly ApiRoute[]): CompiledRoute[] {
  let list = compiled.get(routes);
  if (!list) {
    list = routes.map((route) => {
      const segments = route.pattern.split("/").filter(Boolean);
      return { route, segments, ranks: segments.map(rank) };
    });
    compiled.set(routes, list);
  }
  return list;
}

/** The route file Next.js would pick for a path (without the base path), as its router does. */
export function matchApiRoute(routes: readonly ApiRoute[], pathname: string): ApiRoute | null {
  const path = pathname.split("/").filter(Boolean);
  let best: CompiledRoute | null = null;
  for (const candidate of compile(routes)) {
    if (!matches(candidate.segments, path)) continue;
    if (!best || compare(candidate.ranks, best.ranks) < 0) best = candidate;
  }
  return best?.route ?? null;
}

function compare(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? -1) - (b[i] ?? -1);
    if (d !== 0) return d;
  }
  return 0;
}

/** What a route answers besides its own methods: Next.js adds HEAD where there is GET, and OPTIONS. */
export function allowedMethods(route: ApiRoute): string[] {
  const allowed = new Set(route.methods);
  if (allowed.has("GET")) allowed.add("HEAD");
  allowed.add("OPTIONS");
  return [...allowed];
}
