import type { IncomingMessage, ServerResponse } from "node:http";
import { randomBytes } from "node:crypto";
import { forEachAdsRow, type AdsRecord } from "./generated-data";
import { addDays } from "./prng";
import { sendJson } from "./http";
import type { FakeState, Grant } from "./state";
import { ADS_CUSTOMERS, OWNER_EMAIL } from "./world";

// The Google Ads API over REST: `customers:listAccessibleCustomers` and `googleAds:searchStream`
// with a GAQL query. Stream answers are a JSON array of batches `{ results, fieldMask, requestId }`;
// fields come back camelCased and nested (metrics.cost_micros -> metrics.costMicros), int64 values
// as strings, and proto3 JSON leaves out zero values. Errors carry a GoogleAdsFailure in `details`.

const BATCH_ROWS = 10_000;
const customersOf = (grant: Grant) => (grant.email === OWNER_EMAIL ? ADS_CUSTOMERS : []);
const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

function adsError(
  res: ServerResponse,
  code: number,
  status: string,
  errorCode: Record<string, string>,
  message: string,
) {
  sendJson(res, code, {
    error: {
      code,
      message: code === 400 ? "Request contains an invalid argument." : message,
      status,
      details: [
        {
          "@type": "type.googleapis.com/google.ads.googleads.v21.errors.GoogleAdsFailure",
          errors: [{ errorCode, message }],
          requestId: randomBytes(8).toString("hex"),
        },
      ],
    },
  });
}

/** Checks the developer token; answers the error and returns false when it is missing or wrong. */
export function checkDeveloperToken(state: FakeState, req: IncomingMessage, res: ServerResponse): boolean {
  const token = req.headers["developer-token"];
  if (!token) {
    adsError(
      res,
      401,
      "UNAUTHENTICATED",
      { authenticationError: "DEVELOPER_TOKEN_PARAMETER_MISSING" },
      "The developer token is missing.",
    );
    return false;
  }
  if (token !== state.developerToken) {
    adsError(
      res,
      403,
      "PERMISSION_DENIED",
      { authorizationError: "DEVELOPER_TOKEN_NOT_APPROVED" },
      "The developer token is not approved.",
    );
    return false;
  }
  return true;
}

export function handleListAccessibleCustomers(grant: Grant, res: ServerResponse): void {
  const names = customersOf(grant).map((c) => `customers/${c.id}`);
  sendJson(res, 200, names.length ? { resourceNames: names } : {});
}

const FIELDS: Record<string, (r: AdsRecord | undefined, customer: (typeof ADS_CUSTOMERS)[number]) => unknown> = {
  "customer.id": (_, c) => c.id,
  "customer.descriptive_name": (_, c) => c.descriptiveName,
  "customer.currency_code": (_, c) => c.currencyCode,
  "customer.time_zone": (_, c) => c.timeZone,
  "campaign.id": (r) => r?.campaignId,
  "campaign.name": (r) => r?.campaignName,
  "campaign.status": () => "ENABLED",
  "segments.date": (r) => r?.date,
  "metrics.impressions": (r) => (r?.impressions ? String(r.impressions) : undefined),
  "metrics.clicks": (r) => (r?.clicks ? String(r.clicks) : undefined),
  "metrics.cost_micros": (r) => (r?.costMicros ? String(r.costMicros) : undefined),
  "metrics.conversions": (r) => r?.conversions || undefined,
  "metrics.conversions_value": (r) => r?.conversionsValue || undefined,
};

const QUERY = /^\s*SELECT\s+(.+?)\s+FROM\s+(\w+)(?:\s+WHERE\s+(.+?))?(?:\s+ORDER\s+BY\s+.+?)?(?:\s+LIMIT\s+\d+)?\s*$/is;

export function handleSearchStream(
  state: FakeState,
  grant: Grant,
  customerId: string,
  body: { query?: string },
  res: ServerResponse,
) {
  const customer = customersOf(grant).find((c) => c.id === customerId);
  if (!customer || state.denied.has(customerId)) {
    adsError(
      res,
      403,
      "PERMISSION_DENIED",
      { authorizationError: "USER_PERMISSION_DENIED" },
      "User doesn't have permission to access customer. Note: If you're accessing a client customer, the manager's customer id must be set in the 'login-customer-id' header. See https://developers.google.com/google-ads/api/docs/concepts/call-structure#cid",
    );
    return;
  }
  const parsed = QUERY.exec(body.query ?? "");
  if (!parsed)
    return adsError(
      res,
      400,
      "INVALID_ARGUMENT",
      { queryError: "UNEXPECTED_END_OF_QUERY" },
      "Error in query: unexpected end of query.",
    );
  const fields = parsed[1].split(",").map((f) => f.trim());
  const resource = parsed[2].toLowerCase();
  const unknown = fields.find((f) => !FIELDS[f]);
  if (unknown)
    return adsError(
      res,
      400,
      "INVALID_ARGUMENT",
      { queryError: "UNRECOGNIZED_FIELD" },
      `Unrecognized field in the query: '${unknown}'.`,
    );
  if (resource !== "campaign" && resource !== "customer")
    return adsError(
      res,
      400,
      "INVALID_ARGUMENT",
      { queryError: "INVALID_RESOURCE_NAME" },
      `Invalid resource name in FROM: '${resource}'.`,
    );

  const between = /segments\.date\s+BETWEEN\s+'(\d{4}-\d{2}-\d{2})'\s+AND\s+'(\d{4}-\d{2}-\d{2})'/i.exec(
    parsed[3] ?? "",
  );
  const wantsRows = fields.some(
    (f) => f.startsWith("metrics.") || f.startsWith("segments.") || f.startsWith("campaign."),
  );
  const records: (AdsRecord | undefined)[] = [];
  if (resource === "customer" || !wantsRows) records.push(undefined);
  else {
    const start = between?.[1] ?? addDays(state.settings.today, -30);
    const end = between?.[2] ?? addDays(state.settings.today, -1);
    const byCampaign = new Map<string, AdsRecord>();
    const byDate = fields.includes("segments.date");
    for (let d = start; d <= end; d = addDays(d, 1))
      forEachAdsRow(state.settings, customerId, d, (r) => {
        if (byDate) return void records.push(r);
        // Without segments.date in SELECT, Ads sums the period: one row per campaign.
        const sum = byCampaign.get(r.campaignId);
        if (!sum) return void byCampaign.set(r.campaignId, { ...r });
        sum.impressions += r.impressions;
        sum.clicks += r.clicks;
        sum.costMicros += r.costMicros;
        sum.conversions += r.conversions;
        sum.conversionsValue += r.conversionsValue;
      });
    records.push(...byCampaign.values());
  }
  const results = records.map((r) => {
    const row: Record<string, Record<string, unknown>> = {};
    for (const field of fields) {
      const value = FIELDS[field](r, customer);
      const [entity, name] = field.split(".");
      row[entity] ??=
        entity === "campaign" && r ? { resourceName: `customers/${customerId}/campaigns/${r.campaignId}` } : {};
      if (entity === "customer") row.customer.resourceName = `customers/${customerId}`;
      if (value !== undefined) row[entity][camel(name)] = value;
    }
    return row;
  });
  const fieldMask = fields.map((f) => f.split(".").map(camel).join(".")).join(",");
  const requestId = randomBytes(8).toString("hex");
  const batches = [];
  for (let i = 0; i < results.length; i += BATCH_ROWS)
    batches.push({ results: results.slice(i, i + BATCH_ROWS), fieldMask, requestId });
  // An empty result is one batch with only the field mask and request id.
  sendJson(res, 200, batches.length ? batches : [{ fieldMask, requestId }]);
}
