// The web process: Next.js behind a plain Node HTTP server, so the caller's address comes from the
// socket (which `next start` does not show route handlers). Run with `node`, not tsx: Next.js loads
// its own compiled server. Usage: node scripts/web-server.mjs [--dev] (PORT, LISTEN_HOST, TRUST_PROXY,
// WEB_CONCURRENCY).
//
// WEB_CONCURRENCY=N (production only, default 1) runs N server processes sharing the port (node:cluster:
// the first process hands connections out in turn), to use N cores in one container. Nothing is shared
// between them but the database: every in-process cache is checked against it or holds immutable data.
import cluster from "node:cluster";
import http from "node:http";
import next from "next";
import { parseTrustProxy } from "./lib/client-address.mjs";
import { webRequestListener } from "./lib/web-handler.mjs";

const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT || 3000);
// Not HOSTNAME: containers set it to their own name. Unset: every interface, as `next start` does.
const listenHost = process.env.LISTEN_HOST || undefined;
const trustedHops = parseTrustProxy(process.env.TRUST_PROXY);
const processes = dev ? 1 : Math.max(1, Math.floor(Number(process.env.WEB_CONCURRENCY || 1)) || 1);

if (processes > 1 && cluster.isPrimary) {
  let stopping = false;
  const fork = () => cluster.fork();
  for (let i = 0; i < processes; i++) fork();
  // A server process that dies is replaced; the port stays served by the others meanwhile.
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(JSON.stringify({ level: "error", message: "web process exited", code, signal }));
    fork();
  });
  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    setTimeout(() => process.exit(0), 6_000).unref();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
} else {
  const app = next({ dev, dir: process.cwd(), hostname: listenHost ?? "localhost", port });
  const handle = app.getRequestHandler();
  await app.prepare();

  const server = http.createServer(webRequestListener(handle, trustedHops));
  server.listen(port, listenHost, () =>
    console.log(`Web server listening on port ${port}${cluster.isWorker ? ` (process ${cluster.worker?.id})` : ""}`),
  );

  // What the app holds in memory and writes before it exits (server/stop-hooks.ts: the split links' counts).
  const runStopHooks = async () => {
    const hooks = globalThis[Symbol.for("funnelwise.stopHooks")] ?? new Set();
    await Promise.allSettled([...hooks].map((hook) => hook()));
  };
  const stop = () => {
    // Once the last request is answered (or after 4 s of a connection held open), then exit.
    const closed = new Promise((resolve) => server.close(resolve));
    server.closeIdleConnections();
    const limit = new Promise((resolve) => setTimeout(resolve, 4_000).unref());
    void Promise.race([closed, limit])
      .then(runStopHooks)
      .finally(() => process.exit(0));
    setTimeout(() => process.exit(0), 5_000).unref();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
