// The web process: Next.js behind a plain Node HTTP server, so the caller's address comes from the
// socket (which `next start` does not show route handlers). Run with `node`, not tsx: Next.js loads
// its own compiled server. Usage: node scripts/web-server.mjs [--dev] (PORT, LISTEN_HOST, TRUST_PROXY).
import http from "node:http";
import next from "next";
import { CLIENT_IP_HEADER, clientAddress, parseTrustProxy } from "./lib/client-address.mjs";

const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT || 3000);
// Not HOSTNAME: containers set it to their own name. Unset: every interface, as `next start` does.
const listenHost = process.env.LISTEN_HOST || undefined;
const trustedHops = parseTrustProxy(process.env.TRUST_PROXY);

const app = next({ dev, dir: process.cwd(), hostname: listenHost ?? "localhost", port });
const handle = app.getRequestHandler();
await app.prepare();

// Methods the Fetch API cannot represent: Next.js would fail to build a Request for them (a 500).
const UNSUPPORTED_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);

const server = http.createServer((req, res) => {
  if (UNSUPPORTED_METHODS.has(req.method ?? "")) {
    res.writeHead(405, { "content-type": "application/json", allow: "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS" });
    res.end(JSON.stringify({ status: 405, message: "This method is not allowed here" }));
    return;
  }
  // Whatever the caller put in this header is dropped: only the server sets it.
  req.headers[CLIENT_IP_HEADER] = clientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], trustedHops);
  handle(req, res).catch((error) => {
    console.error(JSON.stringify({ level: "error", message: "request failed", error: String(error) }));
    if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
    res.end(JSON.stringify({ status: 500, message: "Something went wrong. Please try again" }));
  });
});
server.listen(port, listenHost, () => console.log(`Web server listening on port ${port}`));

const stop = () => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 5_000).unref();
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
