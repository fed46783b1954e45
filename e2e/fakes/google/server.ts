import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { handleAnalyticsAdmin } from "./analytics-admin";
import { handleRunReport } from "./analytics-data";
import { handleAnalyticsManagement } from "./analytics-management";
import type { DataSettings } from "./generated-data";
import { checkDeveloperToken, handleListAccessibleCustomers, handleSearchStream } from "./google-ads";
import { readBody, sendGoogleError } from "./http";
import { authenticate, handleConsent, handleRevoke, handleToken, handleUserInfo } from "./oauth";
import { todayUtc } from "./prng";
import { handleSearchAnalytics, handleSites } from "./search-console";
import type { Fault, FakeState } from "./state";

// One local HTTP server that answers as Google's OAuth endpoints, the GA4 Admin and Data APIs, the
// legacy Analytics Management API, Search Console and the Google Ads REST API, on paths the
// official clients call. Point the app at it with GOOGLE_OAUTH_URL, GOOGLE_API_ROOT_URL and
// GOOGLE_ADS_API_URL (all the same base URL).

export interface GoogleFakeOptions extends Partial<DataSettings> {
  port?: number;
  clientId?: string;
  clientSecret?: string;
  developerToken?: string;
  /** The most rows one runReport page returns, whatever `limit` asks (Google allows 250,000). */
  maxPageRows?: number;
  /** Added to each runReport answer, to make concurrency observable. */
  latencyMs?: number;
  accessTokenTtlSeconds?: number;
}

export interface GoogleFake {
  url: string;
  state: FakeState;
  /** The next `times` requests matching `match` fail as described. */
  fail(fault: Omit<Fault, "times"> & { times?: number }): void;
  /** Revokes every refresh and access token: the next refresh gets `invalid_grant`. */
  revokeAll(): void;
  /** Access tokens expire now; clients must refresh. */
  expireAccessTokens(): void;
  /** The user loses access to a GA4 property, a site or an Ads customer (403 from then on). */
  deny(resource: string): void;
  /** Changes the last 3 days' numbers, as GA4 does when late hits arrive. */
  bumpRecentData(): void;
  requests(match: RegExp): { method: string; path: string; body: string }[];
  close(): Promise<void>;
}

export async function startGoogleFake(options: GoogleFakeOptions = {}): Promise<GoogleFake> {
  const state: FakeState = {
    settings: {
      seed: options.seed ?? 42,
      today: options.today ?? todayUtc(),
      historyDays: options.historyDays ?? 500,
      ga4CombinationsPerDay: options.ga4CombinationsPerDay ?? 40,
      gscRowsPerDay: options.gscRowsPerDay ?? 30,
      adsCampaigns: options.adsCampaigns ?? 4,
      adsSpikeDaysAgo: options.adsSpikeDaysAgo ?? 4,
      recentVersion: 0,
    },
    clientId: options.clientId ?? "fake-client-id.apps.googleusercontent.com",
    clientSecret: options.clientSecret ?? "fake-client-secret",
    developerToken: options.developerToken ?? "fake-developer-token",
    maxPageRows: options.maxPageRows ?? 100_000,
    latencyMs: options.latencyMs ?? 0,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 3599,
    authCodes: new Map(),
    refreshTokens: new Map(),
    accessTokens: new Map(),
    denied: new Set(),
    faults: [],
    log: [],
    inFlight: new Map(),
    maxInFlight: new Map(),
    consent: "allow",
    tokenCounter: 0,
  };
  let root = "";

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendGoogleError(res, 500, `fake error: ${String(error)}`);
      else res.destroy();
    });
  });

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", root);
    const method = req.method ?? "GET";
    const body = method === "POST" ? await readBody(req) : "";
    state.log.push({ method, path: url.pathname, body });
    const path = url.pathname;

    const fault = state.faults.find((f) => f.times > 0 && f.match.test(`${method} ${path}`));
    if (fault && fault.skip) fault.skip--;
    else if (fault) {
      fault.times--;
      if (fault.malformed) {
        res.writeHead(200, { "content-type": "application/json; charset=UTF-8" });
        res.end('{"rows": [{"dimensionValues": [{"value": "2024');
        return;
      }
      const status = fault.status ?? 500;
      const message =
        fault.message ??
        (status === 429
          ? "Exhausted property tokens per hour. Wait until the next hour to retry."
          : "The service is currently unavailable.");
      return sendGoogleError(res, status, message);
    }

    if (method === "GET" && path === "/o/oauth2/v2/auth") return handleConsent(state, url, res);
    if (method === "POST" && path === "/token") return handleToken(state, req, body, res);
    if (method === "POST" && path === "/revoke") return handleRevoke(state, url, body, res);
    if (method === "GET" && path === "/oauth2/v2/userinfo") return handleUserInfo(state, req, res);

    const grant = authenticate(state, req, res);
    if (!grant) return;
    const json = () => (body ? JSON.parse(body) : {});

    const runReport = /^\/v1beta\/(properties\/\d+):runReport$/.exec(path);
    if (method === "POST" && runReport) return handleRunReport(state, grant, runReport[1], json(), res);
    if (method === "GET" && handleAnalyticsAdmin(state, grant, url, res)) return;
    if (method === "GET" && handleAnalyticsManagement(grant, root, url, res)) return;
    if (method === "GET" && path === "/webmasters/v3/sites") return handleSites(grant, res);
    const gsc = /^\/webmasters\/v3\/sites\/([^/]+)\/searchAnalytics\/query$/.exec(path);
    if (method === "POST" && gsc) return handleSearchAnalytics(state, grant, decodeURIComponent(gsc[1]), json(), res);
    if (/^\/v\d+\/customers/.test(path)) {
      if (!checkDeveloperToken(state, req, res)) return;
      if (method === "GET" && /^\/v\d+\/customers:listAccessibleCustomers$/.test(path))
        return handleListAccessibleCustomers(grant, res);
      const stream = /^\/v\d+\/customers\/(\d+)\/googleAds:searchStream$/.exec(path);
      if (method === "POST" && stream) return handleSearchStream(state, grant, stream[1], json(), res);
    }
    sendGoogleError(res, 404, `The requested URL ${path} was not found on this server.`);
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  root = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

  return {
    url: root,
    state,
    fail: (fault) => state.faults.push({ times: 1, ...fault }),
    revokeAll: () => {
      state.refreshTokens.clear();
      state.accessTokens.clear();
    },
    expireAccessTokens: () => {
      for (const grant of state.accessTokens.values()) grant.expiresAt = 0;
    },
    deny: (resource) => state.denied.add(resource),
    bumpRecentData: () => {
      state.settings.recentVersion++;
    },
    requests: (match) => state.log.filter((r) => match.test(`${r.method} ${r.path}`)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
