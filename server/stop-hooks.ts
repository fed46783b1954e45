import "server-only";

/**
 * Work a web process does before it exits on SIGTERM or SIGINT (scripts/web-server.mjs runs it, with a time limit),
 * such as writing counts it holds in memory. Kept on globalThis under a shared name: the web server is plain
 * JavaScript that cannot import this module, and Next.js bundles its own copy of it.
 */
const KEY = Symbol.for("funnelwise.stopHooks");
type Hook = () => Promise<void>;

export function onProcessStop(hook: Hook): void {
  const store = globalThis as unknown as Record<symbol, Set<Hook> | undefined>;
  (store[KEY] ??= new Set()).add(hook);
}
