// The web process: Next.js behind a plain Node HTTP server, so the caller's address comes from the
// socket (which `next start` does not show route handlers). Run with `node`, not tsx: Next.js loads
// its own compiled server. Usage: node scripts/web-server.mjs [--dev] (PORT, LISTEN_HOST, TRUST_PROXY).
import http from "node:http";
import next from "next";
import { parseTrustProxy } from "./lib/client-address.mjs";
import { webRequestListener } from "./lib/web-handler.mjs";

const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT || 3000);
// Not HOSTNAME: containers set it to their own name. Unset: every interface, as `next start` does.
const listenHost = process.env.LISTEN_HOST || undefined;
const trustedHops = parseTrustProxy(process.env.TRUST_PROXY);

const app = next({ dev, dir: process.cwd(), hostname: listenHost ?? "localhost", port });
const handle = app.getRequestHandler();
await app.prepare();

const server = http.createServer(webRequestListener(handle, trustedHops));
server.listen(port, listenHost, () => console.log(`Web server listening on port ${port}`));

const stop = () => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 5_000).unref();
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
