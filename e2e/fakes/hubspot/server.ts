import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// A local stand-in for HubSpot (OAuth 2 and the CRM API v3 for deals), speaking its JSON:
// - GET  /oauth/authorize?client_id&redirect_uri&scope&state: a consent page; "Connect app"
//        redirects to redirect_uri?code&state, "Cancel" to redirect_uri?error=access_denied&state
// - POST /oauth/v1/token (form): grant_type=authorization_code | refresh_token
//        -> { token_type: "bearer", access_token, refresh_token, expires_in: 1800 }
//        a bad code -> 400 { status: "BAD_AUTH_CODE", message: "missing or unknown auth code" }
// - GET  /oauth/v1/access-tokens/{token}
//        -> { token, user, hub_domain, scopes, hub_id, app_id, expires_in, user_id, token_type }
// - GET  /crm/v3/pipelines/deals -> { results: [{ id, label, displayOrder, stages: [{ id, label, metadata }] }] }
// - POST /crm/v3/objects/deals/search { filterGroups, properties, sorts, limit, after }
//        -> { total, results: [{ id, properties, createdAt, updatedAt, archived }], paging?: { next: { after } } }
// Errors have HubSpot's body { status: "error", message, correlationId, category }.
// Deals are derived from the day (a few created a day, some won days later), so re-reading a day
// gives the same answer; nothing is dated after `now`.

export interface HubSpotFakeOptions {
  port?: number;
  clientId?: string;
  clientSecret?: string;
  hubId?: number;
  /** The most results a search page holds (HubSpot: 200), lower to make tests walk the cursor. */
  pageLimit?: number;
  /** "Now" of the fake's world (ms); defaults to the real clock. */
  now?: () => number;
}

export interface HubSpotFake {
  url: string;
  clientId: string;
  clientSecret: string;
  hubId: number;
  /** The next `count` API requests (not the consent page) answer `status` with HubSpot's error body. */
  failNext(status: number | "malformed", count?: number): void;
  /** Every access token issued so far stops working (401), as when the user uninstalls the app. */
  revokeAll(): void;
  requests: string[];
  /** Deal search request bodies, for checking the filters and cursors sent. */
  searches: Record<string, unknown>[];
  close(): Promise<void>;
}

const STAGES = [
  { id: "appointmentscheduled", label: "Appointment scheduled", probability: "0.2", isClosed: "false" },
  { id: "qualifiedtobuy", label: "Qualified to buy", probability: "0.4", isClosed: "false" },
  { id: "contractsent", label: "Contract sent", probability: "0.9", isClosed: "false" },
  { id: "closedwon", label: "Closed won", probability: "1.0", isClosed: "true" },
  { id: "closedlost", label: "Closed lost", probability: "0.0", isClosed: "true" },
];
const SOURCES = ["ORGANIC_SEARCH", "PAID_SEARCH", "EMAIL_MARKETING", "DIRECT_TRAFFIC", "REFERRALS", "SOCIAL_MEDIA"];
const DAY = 86_400_000;

export function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

export interface FakeDeal {
  id: string;
  createdAt: number;
  closedAt: number | null;
  stage: string;
  amount: number;
  source: string;
}

/** The deals created on one UTC day (0 to 5 of them). */
export function dealsCreatedOn(dayStart: number): FakeDeal[] {
  const day = new Date(dayStart).toISOString().slice(0, 10);
  const count = hash(`count|${day}`) % 6;
  const deals: FakeDeal[] = [];
  for (let i = 0; i < count; i++) {
    const h = hash(`${day}|${i}`);
    const createdAt = dayStart + (h % 86_000) * 1000;
    const outcome = h % 10; // 0-3 won, 4-5 lost, 6-9 open
    const closedAt = outcome <= 5 ? createdAt + (1 + (h % 20)) * DAY : null;
    const stage = outcome <= 3 ? "closedwon" : outcome <= 5 ? "closedlost" : STAGES[h % 3].id;
    deals.push({
      id: String(1_000_000 + Math.floor(dayStart / DAY) * 10 + i),
      createdAt,
      closedAt,
      stage,
      amount: 500 + (h % 95) * 100,
      source: SOURCES[(h >>> 8) % SOURCES.length],
    });
  }
  return deals;
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json;charset=utf-8", ...headers });
  res.end(JSON.stringify(body));
}

const hubError = (res: ServerResponse, status: number, message: string, category: string, extra = {}) =>
  send(res, status, { status: "error", message, correlationId: randomBytes(8).toString("hex"), category, ...extra });

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export async function startHubSpotFake(options: HubSpotFakeOptions = {}): Promise<HubSpotFake> {
  const clientId = options.clientId ?? "hubspot-fake-client";
  const clientSecret = options.clientSecret ?? "hubspot-fake-secret";
  const hubId = options.hubId ?? 24_681_357;
  const now = options.now ?? Date.now;
  const failures: (number | "malformed")[] = [];
  const requests: string[] = [];
  const searches: Record<string, unknown>[] = [];
  const codes = new Map<string, string>(); // code -> redirect_uri
  const accessTokens = new Set<string>();
  const refreshTokens = new Set<string>();

  const issue = () => {
    const access = `pat-na1-${randomBytes(12).toString("hex")}`;
    const refresh = `rt-${randomBytes(12).toString("hex")}`;
    accessTokens.add(access);
    refreshTokens.add(refresh);
    return { token_type: "bearer", access_token: access, refresh_token: refresh, expires_in: 1800 };
  };

  function consentPage(url: URL, res: ServerResponse) {
    const q = url.searchParams;
    const redirectUri = q.get("redirect_uri") ?? "";
    if (q.get("client_id") !== clientId || !/^https?:\/\//.test(redirectUri)) {
      res.writeHead(400, { "content-type": "text/html" });
      res.end("<h1>Authorization failed</h1><p>Invalid client_id or redirect_uri</p>");
      return;
    }
    const code = randomBytes(16).toString("hex");
    codes.set(code, redirectUri);
    const back = (params: Record<string, string>) => {
      const target = new URL(redirectUri);
      for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
      return escapeHtml(target.toString());
    };
    const state = q.get("state") ?? "";
    res.writeHead(200, { "content-type": "text/html;charset=utf-8" });
    res.end(`<!doctype html><html lang="en"><head><title>Connect to HubSpot</title></head><body>
<main><h1>Choose an account</h1><p>Funnelwise wants to read your CRM deals (scopes: ${escapeHtml(q.get("scope") ?? "")}) in portal ${hubId}.</p>
<a href="${back({ code, state })}">Connect app</a> <a href="${back({ error: "access_denied", error_description: "The user denied access", state })}">Cancel</a></main>
</body></html>`);
  }

  async function token(req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams(await readBody(req));
    if (form.get("client_id") !== clientId || form.get("client_secret") !== clientSecret)
      return send(res, 400, { status: "BAD_CLIENT_ID", message: "missing or invalid client_id or client_secret" });
    if (form.get("grant_type") === "authorization_code") {
      const code = form.get("code") ?? "";
      const redirectUri = codes.get(code);
      codes.delete(code);
      if (!redirectUri) return send(res, 400, { status: "BAD_AUTH_CODE", message: "missing or unknown auth code" });
      if (redirectUri !== form.get("redirect_uri"))
        return send(res, 400, { status: "BAD_REDIRECT_URI", message: "redirect_uri does not match" });
      return send(res, 200, issue());
    }
    if (form.get("grant_type") === "refresh_token") {
      const refresh = form.get("refresh_token") ?? "";
      if (!refreshTokens.has(refresh))
        return send(res, 400, { status: "BAD_REFRESH_TOKEN", message: "missing or unknown refresh token" });
      refreshTokens.delete(refresh);
      return send(res, 200, issue());
    }
    return send(res, 400, { status: "BAD_GRANT_TYPE", message: "unsupported grant_type" });
  }

  function search(body: Record<string, unknown>, res: ServerResponse) {
    searches.push(body);
    const filters = (
      body.filterGroups as { filters: { propertyName: string; operator: string; value: string }[] }[]
    )?.[0]?.filters;
    const property = filters?.[0]?.propertyName;
    if (!filters || (property !== "createdate" && property !== "closedate"))
      return hubError(res, 400, "There was a problem with the request.", "VALIDATION_ERROR");
    let low = -Infinity;
    let high = Infinity;
    for (const f of filters) {
      const v = Number(f.value);
      if (f.operator === "GTE") low = Math.max(low, v);
      else if (f.operator === "GT") low = Math.max(low, v + 1);
      else if (f.operator === "LT") high = Math.min(high, v);
      else if (f.operator === "LTE") high = Math.min(high, v + 1);
      else return hubError(res, 400, `Unsupported operator ${f.operator}`, "VALIDATION_ERROR");
    }
    if (!Number.isFinite(low) || !Number.isFinite(high))
      return hubError(res, 400, "A bounded date filter is required by this fake", "VALIDATION_ERROR");
    const limit = Math.min(options.pageLimit ?? 200, Number(body.limit ?? 10));
    const after = Number(body.after ?? 0);
    const firstDay = Math.floor((property === "closedate" ? low - 22 * DAY : low) / DAY) * DAY;
    const matches: FakeDeal[] = [];
    const until = Math.min(high, now());
    for (let d = firstDay; d < until; d += DAY)
      for (const deal of dealsCreatedOn(d)) {
        const at = property === "createdate" ? deal.createdAt : deal.closedAt;
        if (at !== null && at >= low && at < high && at <= now()) matches.push(deal);
      }
    matches.sort((a, b) => (property === "createdate" ? a.createdAt - b.createdAt : a.closedAt! - b.closedAt!));
    const page = matches.slice(after, after + limit);
    const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());
    send(res, 200, {
      total: matches.length,
      results: page.map((d) => ({
        id: d.id,
        properties: {
          amount: String(d.amount),
          closedate: iso(d.closedAt),
          createdate: iso(d.createdAt),
          dealstage: d.stage,
          pipeline: "default",
          hs_analytics_source: d.source,
          hs_object_id: d.id,
          hs_lastmodifieddate: iso(d.closedAt ?? d.createdAt),
        },
        createdAt: iso(d.createdAt),
        updatedAt: iso(d.closedAt ?? d.createdAt),
        archived: false,
      })),
      ...(after + limit < matches.length ? { paging: { next: { after: String(after + limit) } } } : {}),
    });
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://fake");
      requests.push(`${req.method} ${url.pathname}`);
      if (url.pathname === "/oauth/authorize" && req.method === "GET") return consentPage(url, res);
      const failure = failures.shift();
      if (failure === "malformed") {
        res.writeHead(200, { "content-type": "application/json" });
        return res.end('{"results": [unterminated');
      }
      if (failure === 429)
        return hubError(res, 429, "You have reached your secondly limit.", "RATE_LIMITS", {
          errorType: "RATE_LIMIT",
          policyName: "SECONDLY",
        });
      if (failure !== undefined && failure >= 500) return hubError(res, failure, "internal error", "INTERNAL_ERROR");
      if (failure !== undefined)
        return hubError(res, failure, "Authentication credentials not found.", "INVALID_AUTHENTICATION");

      if (url.pathname === "/oauth/v1/token" && req.method === "POST") return token(req, res);
      const info = /^\/oauth\/v1\/access-tokens\/(.+)$/.exec(url.pathname);
      if (info && req.method === "GET") {
        const t = decodeURIComponent(info[1]);
        if (!accessTokens.has(t)) return send(res, 404, { status: "error", message: "Token not found" });
        return send(res, 200, {
          token: t,
          user: "owner@client.example",
          hub_domain: "client-portal.hubspot.com",
          scopes: ["oauth", "crm.objects.deals.read"],
          hub_id: hubId,
          app_id: 1234567,
          expires_in: 1700,
          user_id: 555,
          token_type: "access",
        });
      }
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
      if (!bearer || !accessTokens.has(bearer))
        return hubError(
          res,
          401,
          "Authentication credentials not found. This API supports OAuth 2.0 authentication.",
          "INVALID_AUTHENTICATION",
        );
      if (url.pathname === "/crm/v3/pipelines/deals" && req.method === "GET")
        return send(res, 200, {
          results: [
            {
              id: "default",
              label: "Sales Pipeline",
              displayOrder: 0,
              archived: false,
              stages: STAGES.map((s, i) => ({
                id: s.id,
                label: s.label,
                displayOrder: i,
                archived: false,
                metadata: { isClosed: s.isClosed, probability: s.probability },
              })),
            },
          ],
        });
      if (url.pathname === "/crm/v3/objects/deals/search" && req.method === "POST") {
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(await readBody(req)) as Record<string, unknown>;
        } catch {
          return hubError(res, 400, "Invalid input JSON", "VALIDATION_ERROR");
        }
        return search(body, res);
      }
      return hubError(res, 404, "Resource not found", "OBJECT_NOT_FOUND");
    })().catch((error: unknown) => hubError(res, 500, String(error), "INTERNAL_ERROR"));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    hubId,
    failNext(status, count = 1) {
      for (let i = 0; i < count; i++) failures.push(status);
    },
    revokeAll() {
      accessTokens.clear();
      refreshTokens.clear();
    },
    requests,
    searches,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
