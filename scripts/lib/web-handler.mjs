// Plain JavaScript, used by scripts/web-server.mjs under `node`: what the web server does to every
// request before Next.js sees it. Kept apart from Next.js so a test can run it on a real socket.
import { CLIENT_IP_HEADER, clientAddress } from "./client-address.mjs";

// Methods the Fetch API cannot represent: Next.js would fail to build a Request for them (a 500).
const UNSUPPORTED_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);
const ALLOW = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS";
const EARLY_ANSWER = Symbol.for("funnelwise.earlyAnswer");

/**
 * A Node request listener around `handle` (Next.js's request handler): TRACE and the like get 405 in
 * the error shape, and the client address header is set from the socket (and `trustedHops` trusted
 * proxies), replacing whatever the caller sent in it.
 */
export function webRequestListener(handle, trustedHops) {
  return (req, res) => {
    if (UNSUPPORTED_METHODS.has(req.method ?? "")) {
      res.writeHead(405, { "content-type": "application/json", allow: ALLOW });
      res.end(JSON.stringify({ status: 405, message: "This method is not allowed here" }));
      return;
    }
    req.headers[CLIENT_IP_HEADER] = clientAddress(
      req.socket.remoteAddress,
      req.headers["x-forwarded-for"],
      trustedHops,
    );
    // A ready report's revalidation and a split link's redirect are answered before Next.js routes them
    // (server/http/early-answer.ts, registered by instrumentation.ts once the app is prepared).
    const early = req.method === "GET" ? globalThis[EARLY_ANSWER] : undefined;
    Promise.resolve()
      .then(async () => {
        const answered = early
          ? await early(req, res).catch((error) => {
              console.error(JSON.stringify({ level: "error", message: "early answer failed", error: String(error) }));
              return false;
            })
          : false;
        if (answered) return;
        await handle(req, res);
      })
      .catch((error) => {
        console.error(JSON.stringify({ level: "error", message: "request failed", error: String(error) }));
        if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ status: 500, message: "Something went wrong. Please try again" }));
      });
  };
}
