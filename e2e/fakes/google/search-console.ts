import type { ServerResponse } from "node:http";
import { forEachGscRow, type GscRecord } from "./generated-data";
import { addDays } from "./prng";
import { sendJson, sendLegacyError } from "./http";
import type { FakeState, Grant } from "./state";
import { GSC_SITES, OWNER_EMAIL } from "./world";

// Search Console (webmasters/v3 paths, as the `searchconsole` v1 client calls them): `sites.list`
// gives `siteEntry` (absent when there is none); `searchAnalytics.query` gives `rows` of `keys` in
// the order of the requested dimensions with clicks, impressions, ctr and position, paged with
// `rowLimit` (at most 25,000) and `startRow`; a page past the end has no `rows`.

const MAX_ROW_LIMIT = 25_000;
const sitesOf = (grant: Grant) => (grant.email === OWNER_EMAIL ? GSC_SITES : []);

export function handleSites(grant: Grant, res: ServerResponse): void {
  const sites = sitesOf(grant);
  sendJson(res, 200, sites.length ? { siteEntry: sites } : {});
}

interface QueryBody {
  startDate?: string;
  endDate?: string;
  dimensions?: string[];
  rowLimit?: number;
  startRow?: number;
  type?: string;
  dataState?: string;
}

export function handleSearchAnalytics(
  state: FakeState,
  grant: Grant,
  site: string,
  body: QueryBody,
  res: ServerResponse,
) {
  if (!sitesOf(grant).some((s) => s.siteUrl === site) || state.denied.has(site)) {
    sendLegacyError(
      res,
      403,
      `User does not have sufficient permission for site '${site}'. See also: https://support.google.com/webmasters/answer/2451999.`,
      "forbidden",
    );
    return;
  }
  const dims = body.dimensions ?? [];
  const allowed = ["date", "query", "page", "device", "country"];
  const bad = dims.find((d) => !allowed.includes(d));
  if (bad) return sendLegacyError(res, 400, `Invalid value at 'dimensions' (${bad})`, "badRequest");
  const isDate = (d?: string) => /^\d{4}-\d{2}-\d{2}$/.test(d ?? "");
  if (!isDate(body.startDate) || !isDate(body.endDate))
    return sendLegacyError(res, 400, "startDate and endDate are required (YYYY-MM-DD)", "badRequest");
  const rowLimit = body.rowLimit ?? 1000;
  const startRow = body.startRow ?? 0;
  if (rowLimit < 1 || rowLimit > MAX_ROW_LIMIT)
    return sendLegacyError(res, 400, `rowLimit must be between 1 and ${MAX_ROW_LIMIT}`, "badRequest");
  if (!dims.includes("date")) return sendLegacyError(res, 400, "This fake only answers queries by date.", "badRequest");

  const rows: object[] = [];
  let index = 0;
  const end = startRow + rowLimit;
  for (let d = body.startDate!; d <= body.endDate! && index < end; d = addDays(d, 1)) {
    forEachGscRow(state.settings, site, d, (r: GscRecord) => {
      if (index >= startRow && index < end) {
        rows.push({
          keys: dims.map((k) => r[k as keyof GscRecord] as string),
          clicks: r.clicks,
          impressions: r.impressions,
          ctr: r.impressions ? r.clicks / r.impressions : 0,
          position: r.position,
        });
      }
      index++;
    });
  }
  const aggregation = dims.includes("page") ? "byPage" : "byProperty";
  sendJson(
    res,
    200,
    rows.length ? { rows, responseAggregationType: aggregation } : { responseAggregationType: aggregation },
  );
}
