// Module resolution hook: outside Next.js, "server-only" has nothing to guard, so it resolves to an
// empty module. This replaces running under `--conditions=react-server`, which also switched React to
// its server-components build, where react-dom/server (and so rendering the report email) cannot load.
const EMPTY = "data:text/javascript,export {};";

export async function resolve(specifier, context, nextResolve) {
  if (specifier === "server-only") return { url: EMPTY, shortCircuit: true };
  return nextResolve(specifier, context);
}
