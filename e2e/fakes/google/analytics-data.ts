import type { ServerResponse } from "node:http";
import { forEachGa4Row, hasData, inGa4Audience, type Ga4Record } from "./generated-data";
import { addDays } from "./prng";
import { canReadProperty } from "./analytics-admin";
import { sendGoogleError } from "./http";
import type { FakeState, Grant } from "./state";

// The GA4 Data API's `properties/{id}:runReport` (v1beta): rows of dimensionValues/metricValues
// (values are strings), `rowCount` for the whole result whatever the page, `offset`/`limit`
// pagination (limit up to 250,000; this fake caps a page at `maxPageRows`), and GA4's limit of 10
// concurrent requests per property, answered with 429 RESOURCE_EXHAUSTED beyond it. Per-event key
// events are the metrics `keyEvents:{eventName}`; a `dimensionFilter` on `audienceId` (EXACT) keeps
// the rows of one audience (the fake's audiences: generated-data.ts `inGa4Audience`).

const DIMENSIONS = new Set([
  "date",
  "sessionDefaultChannelGroup",
  "sessionSource",
  "sessionMedium",
  "sessionSourceMedium",
  "sessionCampaignName",
  "deviceCategory",
  "country",
  "landingPage",
  "landingPagePlusQueryString",
]);
const METRIC_TYPES: Record<string, string> = {
  sessions: "TYPE_INTEGER",
  totalUsers: "TYPE_INTEGER",
  newUsers: "TYPE_INTEGER",
  engagedSessions: "TYPE_INTEGER",
  screenPageViews: "TYPE_INTEGER",
  keyEvents: "TYPE_INTEGER",
  conversions: "TYPE_INTEGER",
  transactions: "TYPE_INTEGER",
  purchaseRevenue: "TYPE_CURRENCY",
};
const MAX_LIMIT = 250_000;
export const CONCURRENT_REQUESTS_PER_PROPERTY = 10;

const metricType = (name: string) =>
  METRIC_TYPES[name] ?? (/^keyEvents:[A-Za-z0-9_]+$/.test(name) ? "TYPE_INTEGER" : undefined);

interface StringFilterExpression {
  filter?: { fieldName?: string; stringFilter?: { matchType?: string; value?: string } };
}

interface RunReportBody {
  dimensionFilter?: StringFilterExpression;
  dateRanges?: { startDate?: string; endDate?: string }[];
  dimensions?: { name?: string }[];
  metrics?: { name?: string }[];
  offset?: string | number;
  limit?: string | number;
}

/** "2024-01-31", "today", "yesterday" or "NdaysAgo", against the fake's today. */
function resolveDate(value: string | undefined, today: string): string | undefined {
  if (!value) return undefined;
  if (value === "today") return today;
  if (value === "yesterday") return addDays(today, -1);
  const ago = /^(\d+)daysAgo$/.exec(value);
  if (ago) return addDays(today, -Number(ago[1]));
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
}

export async function handleRunReport(
  state: FakeState,
  grant: Grant,
  property: string,
  body: RunReportBody,
  res: ServerResponse,
): Promise<void> {
  if (!canReadProperty(state, grant, property, res)) return;
  const inFlight = (state.inFlight.get(property) ?? 0) + 1;
  state.inFlight.set(property, inFlight);
  state.maxInFlight.set(property, Math.max(state.maxInFlight.get(property) ?? 0, inFlight));
  try {
    if (inFlight > CONCURRENT_REQUESTS_PER_PROPERTY) {
      sendGoogleError(res, 429, "Exhausted concurrent requests quota.");
      return;
    }
    if (state.latencyMs > 0) await new Promise((r) => setTimeout(r, state.latencyMs));
    runReport(state, property, body, res);
  } finally {
    state.inFlight.set(property, (state.inFlight.get(property) ?? 1) - 1);
  }
}

function runReport(state: FakeState, property: string, body: RunReportBody, res: ServerResponse): void {
  const { settings } = state;
  const dims = (body.dimensions ?? []).map((d) => d.name ?? "");
  const metrics = (body.metrics ?? []).map((m) => m.name ?? "");
  for (const name of dims)
    if (!DIMENSIONS.has(name))
      return sendGoogleError(
        res,
        400,
        `Field ${name} is not a valid dimension. For a list of valid dimensions, see https://developers.google.com/analytics/devguides/reporting/data/v1/api-schema`,
      );
  for (const name of metrics)
    if (!metricType(name))
      return sendGoogleError(
        res,
        400,
        `Field ${name} is not a valid metric. For a list of valid metrics, see https://developers.google.com/analytics/devguides/reporting/data/v1/api-schema`,
      );
  if (dims.length > 9) return sendGoogleError(res, 400, "Requests are limited to 9 dimensions.");
  if (metrics.length > 10) return sendGoogleError(res, 400, "Requests are limited to 10 metrics.");
  if (metrics.length === 0) return sendGoogleError(res, 400, "At least one metric is required.");
  // This fake only serves daily rows: every report the product runs is by date.
  if (!dims.includes("date"))
    return sendGoogleError(res, 400, "This fake only answers reports with the date dimension.");
  const range = body.dateRanges?.[0];
  const start = resolveDate(range?.startDate, settings.today);
  const end = resolveDate(range?.endDate, settings.today);
  if (!start || !end || (body.dateRanges?.length ?? 0) !== 1)
    return sendGoogleError(res, 400, "Give one date range with startDate and endDate as YYYY-MM-DD or NdaysAgo.");
  if (start > end) return sendGoogleError(res, 400, "The startDate must be before or equal to the endDate.");
  let audience: string | undefined;
  if (body.dimensionFilter) {
    const filter = body.dimensionFilter.filter;
    if (filter?.fieldName !== "audienceId" || !filter.stringFilter?.value)
      return sendGoogleError(res, 400, "This fake only filters on audienceId with a stringFilter.");
    if ((filter.stringFilter.matchType ?? "EXACT") !== "EXACT")
      return sendGoogleError(res, 400, "This fake only filters audienceId with matchType EXACT.");
    audience = filter.stringFilter.value;
  }
  const offset = Number(body.offset ?? 0);
  const limit = Number(body.limit ?? 10_000);
  if (!Number.isInteger(offset) || offset < 0) return sendGoogleError(res, 400, "offset must be non-negative.");
  if (!Number.isInteger(limit) || limit <= 0 || limit > MAX_LIMIT)
    return sendGoogleError(res, 400, `limit must be positive and at most ${MAX_LIMIT}.`);

  const perDay = settings.ga4CombinationsPerDay;
  const days: string[] = [];
  for (let d = start; d <= end; d = addDays(d, 1)) if (hasData(settings, d)) days.push(d);
  const pageSize = Math.min(limit, state.maxPageRows);

  // Built as text: a page of 100,000 rows as objects would cost the fake more than the client.
  const rowText = (record: Ga4Record) => {
    let text = '{"dimensionValues":[';
    for (let i = 0; i < dims.length; i++)
      text += (i ? "," : "") + `{"value":${JSON.stringify(record.dimensions[dims[i]])}}`;
    text += '],"metricValues":[';
    for (let i = 0; i < metrics.length; i++) text += (i ? "," : "") + `{"value":"${record.metrics[metrics[i]] ?? 0}"}`;
    return text + "]}";
  };
  const parts: string[] = [];
  let rowCount: number;
  if (audience !== undefined) {
    // An audience keeps some rows of each day: count them all, then serve the page asked for.
    rowCount = 0;
    for (const day of days)
      forEachGa4Row(settings, property, day, (record) => {
        if (!inGa4Audience(record, audience)) return;
        if (rowCount >= offset && rowCount < offset + pageSize) parts.push(rowText(record));
        rowCount++;
      });
  } else {
    rowCount = days.length * perDay;
    const first = Math.min(offset, rowCount);
    const last = Math.min(offset + pageSize, rowCount);
    for (let row = first; row < last;) {
      const dayIndex = Math.floor(row / perDay);
      const from = row - dayIndex * perDay;
      const to = Math.min(perDay, from + (last - row));
      forEachGa4Row(settings, property, days[dayIndex], (record, k) => {
        if (k >= from && k < to) parts.push(rowText(record));
      });
      row += to - from;
    }
  }
  const headers =
    `"dimensionHeaders":${JSON.stringify(dims.map((name) => ({ name })))},` +
    `"metricHeaders":${JSON.stringify(metrics.map((name) => ({ name, type: metricType(name) })))}`;
  const currency = property === "properties/2001" ? "EUR" : "USD";
  const metadata = `"metadata":{"currencyCode":"${currency}","timeZone":"America/New_York"}`;
  // proto3 JSON leaves out empty lists and zero counts: a report without rows has no `rows` and no `rowCount`.
  const text =
    `{${headers},` +
    (parts.length ? `"rows":[${parts.join(",")}],` : "") +
    (rowCount ? `"rowCount":${rowCount},` : "") +
    `${metadata},"kind":"analyticsData#runReport"}`;
  res.writeHead(200, { "content-type": "application/json; charset=UTF-8", "content-length": Buffer.byteLength(text) });
  res.end(text);
}
