// Every route file under app/api, loaded the way Next.js would, for the tests that must cover all of them.
const files = import.meta.glob<Record<string, unknown>>("/app/api/**/route.ts");

const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

export type RouteHandler = (req: Request, ctx: { params: Promise<Record<string, unknown>> }) => Promise<Response>;

export interface ApiRouteModule {
  /** "/api/clients/[id]" */
  pattern: string;
  /** Path parameter names in order, with whether each is a catch-all. */
  params: { name: string; catchAll: boolean }[];
  handlers: Record<string, RouteHandler>;
}

export async function loadApiRoutes(): Promise<ApiRouteModule[]> {
  const routes: ApiRouteModule[] = [];
  for (const [file, load] of Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) {
    const pattern = file.replace(/^\/app/, "").replace(/\/route\.ts$/, "");
    const exports = await load();
    const handlers: Record<string, RouteHandler> = {};
    for (const method of HTTP_METHODS) {
      if (typeof exports[method] === "function") handlers[method] = exports[method] as RouteHandler;
    }
    const params = [...pattern.matchAll(/\[(\.\.\.)?([^\]]+)\]/g)].map((m) => ({ name: m[2], catchAll: !!m[1] }));
    routes.push({ pattern, params, handlers });
  }
  return routes;
}
