import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// A local stand-in for Shopify stores, each under /shops/{shop}/ (the app's SHOPIFY_SHOP_URL is
// http://127.0.0.1:{port}/shops/{shop}/), speaking Shopify's OAuth and Admin REST JSON:
// - GET  admin/oauth/authorize?client_id&scope&redirect_uri&state: the install page; "Install app"
//        redirects to redirect_uri?code&hmac&host&shop&state&timestamp, signed with the app secret
// - POST admin/oauth/access_token { client_id, client_secret, code } -> { access_token, scope }
// - GET  admin/api/{version}/shop.json -> { shop: { id, name, myshopify_domain, currency, iana_timezone } }
// - GET  admin/api/{version}/orders.json?status=any&created_at_min&created_at_max&limit&fields
//        -> { orders: [...] } with `Link: <...page_info=...>; rel="next"` while more pages remain
// Errors are Shopify's { errors: "..." } with the status (429 with Retry-After).
// Orders are derived from the hour, so re-reading a day gives the same orders; none after `now`.

export interface ShopifyFakeOptions {
  port?: number;
  clientId?: string;
  clientSecret?: string;
  now?: () => number;
}

export interface ShopifyFake {
  url: string;
  /** SHOPIFY_SHOP_URL for the app. */
  shopUrl: string;
  clientId: string;
  clientSecret: string;
  failNext(status: number | "malformed", count?: number): void;
  requests: string[];
  close(): Promise<void>;
}

const HOUR = 3_600_000;

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** The store's orders created in one UTC hour (0 or 1, a few test or cancelled ones). */
export function ordersInHour(shop: string, hourStart: number) {
  const h = hash(`${shop}|${hourStart}`);
  if (h % 3 !== 0) return [];
  const createdAt = hourStart + (h % 3600) * 1000;
  const returning = (h >>> 4) % 3 === 0;
  const items = 1 + ((h >>> 6) % 4);
  const price = items * (15 + ((h >>> 9) % 60));
  return [
    {
      id: 5_000_000_000 + Math.floor(hourStart / HOUR),
      created_at: new Date(createdAt).toISOString().replace(".000Z", "Z"),
      current_total_price: price.toFixed(2),
      total_price: price.toFixed(2),
      currency: "EUR",
      cancelled_at: (h >>> 12) % 40 === 0 ? new Date(createdAt + HOUR).toISOString() : null,
      test: (h >>> 14) % 50 === 0,
      line_items: Array.from({ length: items }, (_, i) => ({ id: i + 1, quantity: 1, price: "1.00" })),
      customer: {
        id: 7_000_000 + ((h >>> 3) % 5000),
        created_at: new Date(returning ? createdAt - 90 * 24 * HOUR : createdAt - 60_000).toISOString(),
      },
    },
  ];
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export async function startShopifyFake(options: ShopifyFakeOptions = {}): Promise<ShopifyFake> {
  const clientId = options.clientId ?? "shopify-fake-client";
  const clientSecret = options.clientSecret ?? "shopify-fake-secret";
  const now = options.now ?? Date.now;
  const failures: (number | "malformed")[] = [];
  const requests: string[] = [];
  const codes = new Map<string, string>(); // code -> shop
  const tokens = new Map<string, string>(); // token -> shop
  let base = "";

  function install(shop: string, url: URL, res: ServerResponse) {
    const q = url.searchParams;
    const redirectUri = q.get("redirect_uri") ?? "";
    if (q.get("client_id") !== clientId || !/^https?:\/\//.test(redirectUri)) {
      res.writeHead(400, { "content-type": "text/html" });
      return res.end("<h1>Oauth error invalid_request: The redirect_uri is not whitelisted</h1>");
    }
    const code = randomBytes(16).toString("hex");
    codes.set(code, shop);
    const params: Record<string, string> = {
      code,
      host: Buffer.from(`admin.shopify.com/store/${shop.replace(".myshopify.com", "")}`).toString("base64url"),
      shop,
      state: q.get("state") ?? "",
      timestamp: String(Math.floor(now() / 1000)),
    };
    const message = Object.keys(params)
      .sort()
      .map((k) => `${k}=${params[k]}`)
      .join("&");
    const target = new URL(redirectUri);
    for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
    target.searchParams.set("hmac", createHmac("sha256", clientSecret).update(message).digest("hex"));
    res.writeHead(200, { "content-type": "text/html;charset=utf-8" });
    res.end(`<!doctype html><html lang="en"><head><title>Install app</title></head><body><main>
<h1>Install Funnelwise on ${escapeHtml(shop)}</h1><p>It will read orders and customers (${escapeHtml(q.get("scope") ?? "")}).</p>
<a href="${escapeHtml(target.toString())}">Install app</a></main></body></html>`);
  }

  function orders(shop: string, url: URL, res: ServerResponse) {
    const q = url.searchParams;
    let state: { min: number; max: number; offset: number; limit: number };
    const pageInfo = q.get("page_info");
    if (pageInfo) {
      if ([...q.keys()].some((k) => !["page_info", "limit", "fields"].includes(k)))
        return send(res, 400, { errors: "page_info - Invalid value." });
      try {
        state = JSON.parse(Buffer.from(pageInfo, "base64url").toString("utf8")) as typeof state;
      } catch {
        return send(res, 400, { errors: "page_info - Invalid value." });
      }
    } else {
      const min = Date.parse(q.get("created_at_min") ?? "");
      const max = Date.parse(q.get("created_at_max") ?? "");
      if (!Number.isFinite(min) || !Number.isFinite(max))
        return send(res, 400, { errors: "created_at_min and created_at_max are required by this fake" });
      state = { min, max, offset: 0, limit: Math.min(250, Number(q.get("limit") ?? 50)) };
    }
    const all = [];
    for (let t = Math.floor(state.min / HOUR) * HOUR; t <= Math.min(state.max, now()); t += HOUR)
      for (const o of ordersInHour(shop, t)) {
        const at = Date.parse(o.created_at);
        if (at >= state.min && at <= state.max && at <= now()) all.push(o);
      }
    // Shopify answers newest first.
    all.reverse();
    const page = all.slice(state.offset, state.offset + state.limit);
    const headers: Record<string, string> = {};
    if (state.offset + state.limit < all.length) {
      const next = new URL(`${base}/shops/${shop}${url.pathname.slice(url.pathname.indexOf("/admin"))}`);
      next.searchParams.set("limit", String(state.limit));
      next.searchParams.set(
        "page_info",
        Buffer.from(JSON.stringify({ ...state, offset: state.offset + state.limit })).toString("base64url"),
      );
      headers.link = `<${next.toString()}>; rel="next"`;
    }
    send(res, 200, { orders: page }, headers);
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://fake");
      requests.push(`${req.method} ${url.pathname}`);
      const m = /^\/shops\/([a-z0-9-]+\.myshopify\.com)\/(.*)$/.exec(url.pathname);
      if (!m) return send(res, 404, { errors: "Not Found" });
      const [, shop, route] = m;
      if (route === "admin/oauth/authorize" && req.method === "GET") return install(shop, url, res);
      const failure = failures.shift();
      if (failure === "malformed") {
        res.writeHead(200, { "content-type": "application/json" });
        return res.end('{"orders": [unterminated');
      }
      if (failure === 429)
        return send(
          res,
          429,
          {
            errors: "Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.",
          },
          { "retry-after": "2.0" },
        );
      if (failure !== undefined && failure >= 500) return send(res, failure, { errors: "Internal Server Error" });
      if (failure !== undefined)
        return send(res, failure, {
          errors: "[API] Invalid API key or access token (unrecognized login or wrong password)",
        });

      if (route === "admin/oauth/access_token" && req.method === "POST") {
        let body: { client_id?: string; client_secret?: string; code?: string };
        try {
          body = JSON.parse(await readBody(req)) as typeof body;
        } catch {
          return send(res, 400, { error: "invalid_request", error_description: "Malformed JSON" });
        }
        if (body.client_id !== clientId || body.client_secret !== clientSecret)
          return send(res, 400, { error: "invalid_client", error_description: "Client credentials are invalid" });
        const codeShop = codes.get(body.code ?? "");
        codes.delete(body.code ?? "");
        if (codeShop !== shop)
          return send(res, 400, {
            error: "invalid_request",
            error_description: "The authorization code was not found or was already used",
          });
        const token = `shpat_${randomBytes(16).toString("hex")}`;
        tokens.set(token, shop);
        return send(res, 200, { access_token: token, scope: "read_orders,read_customers" });
      }
      if (tokens.get(String(req.headers["x-shopify-access-token"] ?? "")) !== shop)
        return send(res, 401, {
          errors: "[API] Invalid API key or access token (unrecognized login or wrong password)",
        });
      const api = /^admin\/api\/\d{4}-\d{2}\/(shop|orders)\.json$/.exec(route);
      if (api?.[1] === "shop" && req.method === "GET")
        return send(res, 200, {
          shop: {
            id: 60_000_000 + (hash(shop) % 1000),
            name: `${shop.replace(".myshopify.com", "")} store`,
            domain: shop,
            myshopify_domain: shop,
            currency: "EUR",
            iana_timezone: "Europe/Paris",
          },
        });
      if (api?.[1] === "orders" && req.method === "GET") return orders(shop, url, res);
      return send(res, 404, { errors: "Not Found" });
    })().catch((error: unknown) => send(res, 500, { errors: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    shopUrl: `${base}/shops/{shop}/`,
    clientId,
    clientSecret,
    failNext(status, count = 1) {
      for (let i = 0; i < count; i++) failures.push(status);
    },
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
