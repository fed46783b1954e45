import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { todayUtc } from "../google/prng";
import {
  DEVICE_PLATFORMS,
  META_AD_ACCOUNTS,
  PLATFORMS,
  firstDay,
  forEachMetaRow,
  metaDays,
  type MetaDataSettings,
} from "./data";

// A local stand-in for Meta's Facebook Login and the Marketing API (Graph API v24.0), in its wire
// format, for the official SDK (facebook-nodejs-business-sdk) pointed at it:
// - GET  /v24.0/dialog/oauth?client_id&redirect_uri&state&scope&response_type=code: the consent page;
//        "Continue" redirects to redirect_uri?code&state, "Cancel" to
//        redirect_uri?error=access_denied&error_code=200&error_reason=user_denied&state
// - GET  /v24.0/oauth/access_token?client_id&redirect_uri&client_secret&code -> { access_token,
//        token_type: "bearer", expires_in } (short-lived); with grant_type=fb_exchange_token and
//        fb_exchange_token, a long-lived token (60 days)
// - GET  /v24.0/me?fields=id,name; GET /v24.0/me/adaccounts?fields=…: { data, paging: { cursors, next? } }
// - GET  /v24.0/act_{id}/insights?level=campaign&time_increment=1&time_range={"since","until"}
//        &breakdowns=publisher_platform,device_platform&fields=…&limit&after: rows with numbers as
//        strings, `actions` / `action_values` lists of { action_type, value }, `date_start`/`date_stop`
// - POST /v24.0/act_{id}/insights (same parameters): an async report run { report_run_id };
//        GET /v24.0/{run} -> { id, async_status, async_percent_completion }; GET /v24.0/{run}/insights
// Errors are { error: { message, type, code, error_subcode?, fbtrace_id } }. Every API answer carries
// the usage headers x-app-usage, x-ad-account-usage and x-business-use-case-usage; throttled calls
// answer code 80000 with estimated_time_to_regain_access (minutes) in x-business-use-case-usage.

export const GRAPH_VERSION = "v24.0";

export interface MetaFakeOptions extends Partial<MetaDataSettings> {
  port?: number;
  appId?: string;
  appSecret?: string;
  /** Rows a synchronous Insights call may cover before Meta asks to reduce the data (use async). */
  maxSyncRows?: number;
  /** Status reads an async run answers "Job Running" before "Job Completed". */
  asyncPolls?: number;
}

export interface MetaFake {
  url: string;
  appId: string;
  appSecret: string;
  settings: MetaDataSettings;
  /** Every API request as "METHOD /path?query" (tokens left out). */
  requests: string[];
  /** The next `calls` Insights calls are throttled (code 80000), asking to wait `minutes`. */
  throttle(calls: number, minutes: number): void;
  /** The usage percentage the headers report (Meta slows callers down from 100). */
  setUsage(percent: number): void;
  /** Every token issued so far stops working (code 190), as when the user removes the app. */
  revokeAll(): void;
  /** Attribution settles: the last 3 days' values change. */
  bumpRecentData(): void;
  close(): Promise<void>;
}

interface Run {
  accountId: string;
  query: InsightsQuery;
  polls: number;
}

interface InsightsQuery {
  since: string;
  until: string;
  fields: string[];
  breakdowns: string[];
}

const fbtrace = () => randomBytes(8).toString("base64url");

/** A Graph parameter given as a list: a JSON array (as the SDK sends it), an array, or comma-separated. */
function listParam(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value !== "string" || value === "") return [];
  if (value.startsWith("[")) {
    try {
      return (JSON.parse(value) as unknown[]).map(String);
    } catch {
      return [];
    }
  }
  return value.split(",").map((v) => v.trim());
}

export async function startMetaFake(options: MetaFakeOptions = {}): Promise<MetaFake> {
  const appId = options.appId ?? "987654321012345";
  const appSecret = options.appSecret ?? randomBytes(16).toString("hex");
  const settings: MetaDataSettings = {
    seed: options.seed ?? 58,
    today: options.today ?? todayUtc(),
    campaigns: options.campaigns ?? 4,
    dropCampaign: options.dropCampaign ?? -1,
    dropDaysAgo: options.dropDaysAgo ?? 14,
    recentVersion: options.recentVersion ?? 0,
  };
  const maxSyncRows = options.maxSyncRows ?? 20_000;
  const asyncPolls = options.asyncPolls ?? 1;
  const codes = new Map<string, string>(); // code -> redirect_uri
  const tokens = new Set<string>();
  const runs = new Map<string, Run>();
  const requests: string[] = [];
  let throttled = { calls: 0, minutes: 0 };
  let usage = 5;
  let url = "";
  // A page of one query is cut from its rows, kept for the query's next pages.
  const pageCache = new Map<string, string[]>();

  const usageHeaders = (accountId?: string, regainMinutes = 0) => ({
    "x-app-usage": JSON.stringify({ call_count: usage, total_cputime: Math.max(1, usage - 2), total_time: usage }),
    ...(accountId
      ? {
          "x-ad-account-usage": JSON.stringify({
            acc_id_util_pct: usage,
            reset_time_duration: regainMinutes * 60,
            ads_api_access_tier: "standard_access",
          }),
          "x-business-use-case-usage": JSON.stringify({
            [accountId]: [
              {
                type: "ads_insights",
                call_count: usage,
                total_cputime: Math.max(1, usage - 2),
                total_time: usage,
                estimated_time_to_regain_access: regainMinutes,
                ads_api_access_tier: "standard_access",
              },
            ],
          }),
        }
      : {}),
  });

  function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    const text = typeof body === "string" ? body : JSON.stringify(body);
    res.writeHead(status, { "content-type": "application/json; charset=UTF-8", ...headers });
    res.end(text);
  }
  function graphError(
    res: ServerResponse,
    status: number,
    code: number,
    message: string,
    extra: { subcode?: number; type?: string; headers?: Record<string, string> } = {},
  ) {
    send(
      res,
      status,
      {
        error: {
          message,
          type: extra.type ?? "OAuthException",
          code,
          ...(extra.subcode ? { error_subcode: extra.subcode } : {}),
          fbtrace_id: fbtrace(),
        },
      },
      extra.headers,
    );
  }

  function consent(query: URLSearchParams, res: ServerResponse) {
    const redirect = query.get("redirect_uri") ?? "";
    const state = query.get("state") ?? "";
    if (query.get("client_id") !== appId || !redirect) {
      res.writeHead(400, { "content-type": "text/html;charset=utf-8" });
      res.end("<!doctype html><title>Error</title><p>Invalid App ID.</p>");
      return;
    }
    const code = randomBytes(24).toString("base64url");
    codes.set(code, redirect);
    const allow = new URL(redirect);
    allow.searchParams.set("code", code);
    allow.searchParams.set("state", state);
    const deny = new URL(redirect);
    for (const [k, v] of Object.entries({
      error: "access_denied",
      error_code: "200",
      error_description: "Permissions error",
      error_reason: "user_denied",
      state,
    }))
      deny.searchParams.set(k, v);
    res.writeHead(200, { "content-type": "text/html;charset=utf-8" });
    res.end(`<!doctype html><html lang="en"><head><title>Log in with Facebook</title></head><body>
<h1>Funnelwise is requesting access to your ad accounts</h1>
<p>Scopes: ${(query.get("scope") ?? "").replace(/[<>&"]/g, "")}</p>
<a href="${allow.toString().replace(/&/g, "&amp;")}">Continue</a> <a href="${deny.toString().replace(/&/g, "&amp;")}">Cancel</a>
</body></html>`);
  }

  function accessToken(query: URLSearchParams, res: ServerResponse) {
    if (query.get("client_id") !== appId || query.get("client_secret") !== appSecret)
      return graphError(res, 400, 1, "Error validating application. Invalid application ID or secret.");
    if (query.get("grant_type") === "fb_exchange_token") {
      const short = query.get("fb_exchange_token") ?? "";
      if (!tokens.has(short))
        return graphError(res, 400, 190, "Invalid OAuth access token - Cannot parse access token");
      const long = `EAAL${randomBytes(30).toString("base64url")}`;
      tokens.add(long);
      return send(res, 200, { access_token: long, token_type: "bearer", expires_in: 5_183_944 });
    }
    const code = query.get("code") ?? "";
    const redirect = codes.get(code);
    if (!redirect) return graphError(res, 400, 100, "This authorization code has been used.", { subcode: 36009 });
    if (redirect !== query.get("redirect_uri"))
      return graphError(
        res,
        400,
        100,
        "Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request",
        { subcode: 36008 },
      );
    codes.delete(code);
    const short = `EAAS${randomBytes(30).toString("base64url")}`;
    tokens.add(short);
    send(res, 200, { access_token: short, token_type: "bearer", expires_in: 5_400 });
  }

  function insightsQuery(params: Record<string, unknown>, res: ServerResponse): InsightsQuery | undefined {
    let range: { since?: string; until?: string } = {};
    try {
      const raw = params.time_range;
      range = typeof raw === "string" ? (JSON.parse(raw) as typeof range) : ((raw as typeof range) ?? {});
    } catch {
      range = {};
    }
    const day = /^\d{4}-\d{2}-\d{2}$/;
    if (!range.since || !range.until || !day.test(range.since) || !day.test(range.until)) {
      graphError(res, 400, 100, "(#100) Param time_range must be a JSON object with since and until dates");
      return undefined;
    }
    if (String(params.level ?? "") !== "campaign" || String(params.time_increment ?? "") !== "1") {
      graphError(res, 400, 100, "(#100) This fake answers level=campaign with time_increment=1 only");
      return undefined;
    }
    if (range.since < firstDay(settings.today)) {
      graphError(
        res,
        400,
        3018,
        "(#3018) The start date of the time range cannot be beyond 37 months from the current date",
      );
      return undefined;
    }
    const breakdowns = listParam(params.breakdowns);
    if (breakdowns.some((b) => b !== "publisher_platform" && b !== "device_platform")) {
      graphError(
        res,
        400,
        100,
        `(#100) breakdowns[0] must be one of the following values: publisher_platform, device_platform, …`,
      );
      return undefined;
    }
    return { since: range.since, until: range.until, fields: listParam(params.fields), breakdowns };
  }

  /** The rows of a query as JSON text, one per (campaign, day, breakdown values). */
  function rowsOf(accountId: string, q: InsightsQuery): string[] {
    const key = JSON.stringify([accountId, q, settings.recentVersion, settings.campaigns]);
    const cached = pageCache.get(key);
    if (cached) return cached;
    const rows: string[] = [];
    const byPlatform = q.breakdowns.includes("publisher_platform");
    const byDevice = q.breakdowns.includes("device_platform");
    const account = META_AD_ACCOUNTS.find((a) => a.account_id === accountId)!;
    for (const day of metaDays(settings, q.since, q.until)) {
      // Sum the rows the query does not break down by, per campaign.
      const groups = new Map<string, Record<string, number | string>>();
      forEachMetaRow(settings, accountId, day, (r) => {
        const k = `${r.campaignId}|${byPlatform ? r.platform : ""}|${byDevice ? r.device : ""}`;
        const g = groups.get(k) ?? {
          campaign_id: r.campaignId,
          campaign_name: r.campaignName,
          impressions: 0,
          reach: 0,
          inline_link_clicks: 0,
          spend: 0,
          purchases: 0,
          value: 0,
          ...(byPlatform ? { publisher_platform: r.platform } : {}),
          ...(byDevice ? { device_platform: r.device } : {}),
        };
        (g.impressions as number) += r.impressions;
        (g.reach as number) += r.reach; // not people: a stand-in, never summed by the product
        (g.inline_link_clicks as number) += r.linkClicks;
        (g.spend as number) += r.spendCents;
        (g.purchases as number) += r.purchases;
        (g.value as number) += r.purchaseValueCents;
        groups.set(k, g);
      });
      for (const g of groups.values()) {
        const purchases = String(g.purchases);
        const value = ((g.value as number) / 100).toFixed(2);
        const all: Record<string, unknown> = {
          account_id: accountId,
          account_currency: account.currency,
          campaign_id: g.campaign_id,
          campaign_name: g.campaign_name,
          impressions: String(g.impressions),
          reach: String(g.reach),
          inline_link_clicks: String(g.inline_link_clicks),
          spend: ((g.spend as number) / 100).toFixed(2),
          // Meta lists a purchase under several overlapping action types; omni_purchase is the deduplicated one.
          actions: [
            { action_type: "link_click", value: String(g.inline_link_clicks) },
            ...(g.purchases
              ? [
                  { action_type: "offsite_conversion.fb_pixel_purchase", value: purchases },
                  { action_type: "purchase", value: purchases },
                  { action_type: "omni_purchase", value: purchases },
                ]
              : []),
          ],
          ...(g.purchases
            ? {
                action_values: [
                  { action_type: "offsite_conversion.fb_pixel_purchase", value },
                  { action_type: "purchase", value },
                  { action_type: "omni_purchase", value },
                ],
              }
            : {}),
        };
        const row: Record<string, unknown> = {};
        for (const f of q.fields) if (f in all) row[f] = all[f];
        if (byPlatform) row.publisher_platform = g.publisher_platform;
        if (byDevice) row.device_platform = g.device_platform;
        row.date_start = day;
        row.date_stop = day;
        rows.push(JSON.stringify(row));
      }
    }
    if (pageCache.size > 8) pageCache.delete(pageCache.keys().next().value as string);
    pageCache.set(key, rows);
    return rows;
  }

  function sendPage(res: ServerResponse, path: string, query: URLSearchParams, rows: string[], accountId: string) {
    const limit = Math.min(Math.max(1, Number(query.get("limit") ?? 25) || 25), 5000);
    const after = query.get("after");
    const start = after ? Number(Buffer.from(after, "base64url").toString("utf8")) || 0 : 0;
    const slice = rows.slice(start, start + limit);
    const cursor = (n: number) => Buffer.from(String(n), "utf8").toString("base64url");
    let next = "";
    if (start + limit < rows.length) {
      const u = new URL(`${url}${path.slice(1)}`);
      for (const [k, v] of query) u.searchParams.set(k, v);
      u.searchParams.set("after", cursor(start + limit));
      next = `,"next":${JSON.stringify(u.toString())}`;
    }
    const paging = slice.length
      ? `,"paging":{"cursors":{"before":"${cursor(start)}","after":"${cursor(start + slice.length)}"}${next}}`
      : "";
    res.writeHead(200, { "content-type": "application/json; charset=UTF-8", ...usageHeaders(accountId) });
    res.end(`{"data":[${slice.join(",")}]${paging}}`);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const parsed = new URL(req.url ?? "/", "http://fake");
    const path = parsed.pathname;
    const query = parsed.searchParams;
    let body: Record<string, unknown> = {};
    if (req.method === "POST") {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const text = Buffer.concat(chunks).toString("utf8");
      try {
        body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        body = Object.fromEntries(new URLSearchParams(text));
      }
    }
    const logged = new URLSearchParams(query);
    for (const secret of ["access_token", "client_secret", "fb_exchange_token", "code"]) logged.delete(secret);
    requests.push(`${req.method} ${path}${logged.size ? `?${logged}` : ""}`);

    const versioned = /^\/v\d+\.\d+(\/.*)$/.exec(path);
    if (!versioned) return graphError(res, 400, 2500, "Unknown path components");
    const rest = versioned[1];
    if (rest === "/dialog/oauth") return consent(query, res);
    if (rest === "/oauth/access_token") return accessToken(query, res);

    const token = query.get("access_token") ?? String(body.access_token ?? "");
    if (!tokens.has(token))
      return graphError(
        res,
        400,
        190,
        "Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.",
        { subcode: 460 },
      );

    if (rest === "/me" && req.method === "GET")
      return send(res, 200, { id: "10158000000000001", name: "Northwind Marketing" }, usageHeaders());
    if (rest === "/me/adaccounts" && req.method === "GET") {
      const fields = listParam(query.get("fields") ?? "account_id,name");
      const data = META_AD_ACCOUNTS.map((a) => {
        const all: Record<string, unknown> = { ...a, account_status: 1 };
        const row: Record<string, unknown> = {};
        for (const f of fields) if (f in all) row[f] = all[f];
        row.id = `act_${a.account_id}`;
        return row;
      });
      return send(res, 200, { data, paging: { cursors: { before: "MAZDZD", after: "MQZDZD" } } }, usageHeaders());
    }

    const account = /^\/act_(\d+)\/insights$/.exec(rest);
    if (account) {
      const accountId = account[1];
      if (!META_AD_ACCOUNTS.some((a) => a.account_id === accountId))
        return graphError(
          res,
          400,
          100,
          `(#100) Object with ID 'act_${accountId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation`,
          { subcode: 33, type: "GraphMethodException" },
        );
      if (throttled.calls > 0) {
        throttled.calls--;
        return graphError(
          res,
          400,
          80000,
          "There have been too many calls from this ad-account. Wait a bit and try again. For more info, please refer to https://developers.facebook.com/docs/graph-api/overview/rate-limiting#ads-management.",
          {
            subcode: 2446079,
            headers: usageHeaders(accountId, throttled.minutes),
          },
        );
      }
      const params = req.method === "POST" ? body : Object.fromEntries(query);
      const q = insightsQuery(params, res);
      if (!q) return;
      if (req.method === "POST") {
        const id = String(6_020_000_000_000 + runs.size + 1);
        runs.set(id, { accountId, query: q, polls: 0 });
        send(res, 200, { report_run_id: id }, usageHeaders(accountId));
        // The run's rows are made while it "runs" (the client polls its status meanwhile), as Meta computes a report
        // before its first page is asked for: the first page then answers at once.
        setImmediate(() => rowsOf(accountId, q));
        return;
      }
      const rows = rowsOf(accountId, q);
      if (rows.length > maxSyncRows)
        return graphError(res, 500, 1, "Please reduce the amount of data you're asking for, then retry your request", {
          type: "OAuthException",
        });
      return sendPage(res, path, query, rows, accountId);
    }

    const run = /^\/(\d{10,})(\/insights)?$/.exec(rest);
    if (run && runs.has(run[1])) {
      const r = runs.get(run[1])!;
      if (!run[2]) {
        const done = r.polls++ >= asyncPolls;
        return send(
          res,
          200,
          {
            id: run[1],
            account_id: r.accountId,
            async_status: done ? "Job Completed" : "Job Running",
            async_percent_completion: done ? 100 : 50,
            date_start: r.query.since,
            date_stop: r.query.until,
          },
          usageHeaders(r.accountId),
        );
      }
      if (r.polls <= asyncPolls) return graphError(res, 400, 100, "(#100) The report is not ready yet");
      return sendPage(res, path, query, rowsOf(r.accountId, r.query), r.accountId);
    }
    graphError(res, 400, 100, `(#100) Unsupported get request. Object with ID '${rest.slice(1)}' does not exist`, {
      subcode: 33,
      type: "GraphMethodException",
    });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) graphError(res, 500, 2, `An unexpected error has occurred: ${String(error)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

  return {
    url,
    appId,
    appSecret,
    settings,
    requests,
    throttle: (calls, minutes) => (throttled = { calls, minutes }),
    setUsage: (percent) => (usage = percent),
    revokeAll: () => tokens.clear(),
    bumpRecentData: () => {
      settings.recentVersion++;
      pageCache.clear();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export { DEVICE_PLATFORMS, PLATFORMS };
