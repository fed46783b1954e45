import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// Local stand-ins for the two partner APIs, speaking their JSON:
// - Semrush Position Tracking, Organic Positions report:
//   GET /reports/v1/projects/{campaignId}/tracking/?key&action=report&type=tracking_position_organic&url
//       &date_begin&date_end&display_limit&display_offset
//   -> { total, state, limit, offset, data: { "0": { Ph, Nq, Cp, Dt: { YYYYMMDD: { mask: position } } } } }
//   errors -> { error: { code, message } } with the HTTP status.
// - Similarweb Website API, total visits:
//   GET /v1/website/{domain}/total-traffic-and-engagement/visits?api_key&start_date=YYYY-MM&end_date=YYYY-MM
//       &granularity=daily&country&main_domain_only&format=json
//   -> { meta: { request, status: "Success", last_updated }, visits: [{ date, visits }] }
//   errors -> { meta: { status: "Error", error_code, error_message } }.
// - Semrush's API units balance: GET /users/countapiunits.html?key -> the units left, as text
//   ("ERROR 132 :: API KEY IS INVALID" for a wrong key).
// - Similarweb's user capabilities: GET /user-capabilities?api_key -> { remaining_hits, ... }.
// Values are derived from the keyword or domain and the day, so re-reading a day gives the same rows.

export interface PartnerFakeOptions {
  semrushKey?: string;
  similarwebKey?: string;
  keywords?: { phrase: string; volume: number }[];
}

export interface PartnerFake {
  url: string;
  /** The next `count` requests answer `status` (with the provider's error body), or an unreadable body. */
  failNext(status: number | "malformed", count?: number): void;
  requests: string[];
  close(): Promise<void>;
}

const DEFAULT_KEYWORDS = [
  { phrase: "hiking boots", volume: 9900 },
  { phrase: "waterproof jacket", volume: 4400 },
  { phrase: "trail running shoes", volume: 2900 },
];

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

const days = (start: string, end: string) => {
  const out: string[] = [];
  for (let t = Date.parse(`${start}T00:00:00Z`); t <= Date.parse(`${end}T00:00:00Z`); t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
};
const iso = (compact: string) => `${compact.slice(0, 4)}-${compact.slice(4, 6)}-${compact.slice(6, 8)}`;
const monthEnd = (ym: string) => {
  const [y, m] = ym.split("-").map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

export async function startPartnerFake(options: PartnerFakeOptions = {}): Promise<PartnerFake> {
  const semrushKey = options.semrushKey ?? "semrush-test-key";
  const similarwebKey = options.similarwebKey ?? "similarweb-test-key";
  const keywords = options.keywords ?? DEFAULT_KEYWORDS;
  const failures: (number | "malformed")[] = [];
  const requests: string[] = [];

  const semrush = (url: URL, res: ServerResponse, campaignId: string) => {
    const error = (status: number, code: number, message: string) => send(res, status, { error: { code, message } });
    if (url.searchParams.get("key") !== semrushKey) return error(401, 132, "API KEY IS INVALID");
    if (url.searchParams.get("type") !== "tracking_position_organic" || url.searchParams.get("action") !== "report")
      return error(400, 40, "WRONG TYPE OR ACTION");
    if (!/^\d+_\d+$/.test(campaignId)) return error(404, 50, "CAMPAIGN NOT FOUND");
    const mask = url.searchParams.get("url") ?? "";
    const begin = url.searchParams.get("date_begin") ?? "";
    const end = url.searchParams.get("date_end") ?? "";
    if (!/^\d{8}$/.test(begin) || !/^\d{8}$/.test(end)) return error(400, 41, "WRONG DATE FORMAT");
    const limit = Number(url.searchParams.get("display_limit") ?? 100);
    const offset = Number(url.searchParams.get("display_offset") ?? 0);
    const data: Record<string, unknown> = {};
    keywords.slice(offset, offset + limit).forEach((kw, i) => {
      const dt: Record<string, Record<string, number>> = {};
      for (const day of days(iso(begin), iso(end)))
        dt[day.replaceAll("-", "")] = { [mask]: 1 + (hash(`${kw.phrase}|${day}`) % 20) };
      data[String(i)] = { Ph: kw.phrase, Nq: String(kw.volume), Cp: "1.20", Dt: dt };
    });
    send(res, 200, { total: keywords.length, state: "1", limit, offset, data });
  };

  const similarweb = (url: URL, res: ServerResponse, domain: string) => {
    const error = (status: number, message: string) =>
      send(res, status, { meta: { status: "Error", error_code: status, error_message: message } });
    if (url.searchParams.get("api_key") !== similarwebKey) return error(401, "User authentication failed");
    const start = url.searchParams.get("start_date") ?? "";
    const end = url.searchParams.get("end_date") ?? "";
    if (!/^\d{4}-\d{2}$/.test(start) || !/^\d{4}-\d{2}$/.test(end)) return error(400, "Invalid date format");
    if (url.searchParams.get("granularity") !== "daily") return error(400, "Invalid granularity");
    const visits = days(`${start}-01`, monthEnd(end)).map((date) => ({
      date,
      visits: 1000 + (hash(`${domain}|${date}`) % 5000) + 0.5,
    }));
    send(res, 200, {
      meta: {
        request: { domain, start_date: start, end_date: end, granularity: "Daily" },
        status: "Success",
        last_updated: end,
      },
      visits,
    });
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://fake");
    requests.push(url.pathname);
    const failure = failures.shift();
    if (failure === "malformed") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"data": [unterminated');
      return;
    }
    if (failure !== undefined) {
      send(res, failure, {
        error: { code: failure, message: `Injected ${failure}` },
        meta: { status: "Error", error_code: failure, error_message: `Injected ${failure}` },
      });
      return;
    }
    if (url.pathname === "/users/countapiunits.html") {
      const valid = url.searchParams.get("key") === semrushKey;
      res.writeHead(200, { "content-type": "text/html" });
      return res.end(valid ? "3000" : "ERROR 132 :: API KEY IS INVALID");
    }
    if (url.pathname === "/user-capabilities") {
      if (url.searchParams.get("api_key") !== similarwebKey)
        return send(res, 401, {
          meta: { status: "Error", error_code: 401, error_message: "User authentication failed" },
        });
      return send(res, 200, { remaining_hits: 4950, web_sources: { desktop: true, mobile_web: true } });
    }
    const tracking = /^\/reports\/v1\/projects\/([^/]+)\/tracking\/$/.exec(url.pathname);
    if (tracking) return semrush(url, res, decodeURIComponent(tracking[1]));
    const visits = /^\/v1\/website\/([^/]+)\/total-traffic-and-engagement\/visits$/.exec(url.pathname);
    if (visits) return similarweb(url, res, decodeURIComponent(visits[1]));
    send(res, 404, { error: { code: 404, message: "Not found" } });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    failNext(status, count = 1) {
      for (let i = 0; i < count; i++) failures.push(status);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
