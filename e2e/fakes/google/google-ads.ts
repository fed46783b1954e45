import type { IncomingMessage, ServerResponse } from "node:http";
import { randomBytes } from "node:crypto";
import {
  ADS_COUNTRY_CRITERIA,
  forEachAdsRow,
  splitAdsRecord,
  type AdsBreakdownResource,
  type AdsRecord,
} from "./generated-data";
import { addDays, hashString } from "./prng";
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

/** One result row's inputs: the customer, the campaign's day (or its part) and the breakdown's values. */
interface RowContext {
  customer: (typeof ADS_CUSTOMERS)[number];
  record?: AdsRecord;
  /** The view's own values for the row (a keyword, a search term and its landing page...). */
  values?: string[];
  /** Which of the view's rows of the campaign's day this is. */
  part?: number;
  geo?: { id: string; name: string };
}

// int64 fields are JSON strings in proto3 JSON (ids, impressions, clicks, cost_micros); doubles are numbers.
const FIELDS: Record<string, (c: RowContext) => unknown> = {
  "customer.id": (c) => c.customer.id,
  "customer.descriptive_name": (c) => c.customer.descriptiveName,
  "customer.currency_code": (c) => c.customer.currencyCode,
  "customer.time_zone": (c) => c.customer.timeZone,
  "campaign.id": (c) => c.record?.campaignId,
  "campaign.name": (c) => c.record?.campaignName,
  "campaign.status": () => "ENABLED",
  "segments.date": (c) => c.record?.date,
  "segments.device": (c) => c.values?.[0],
  "ad_group_criterion.keyword.text": (c) => c.values?.[0],
  "search_term_view.search_term": (c) => c.values?.[0],
  "dynamic_search_ads_search_term_view.search_term": (c) => c.values?.[0],
  "dynamic_search_ads_search_term_view.landing_page": (c) => c.values?.[1],
  "landing_page_view.unexpanded_final_url": (c) => c.values?.[0],
  "geographic_view.country_criterion_id": (c) => c.values?.[0],
  "geo_target_constant.id": (c) => c.geo?.id,
  "geo_target_constant.name": (c) => c.geo?.name,
  "metrics.impressions": (c) => (c.record?.impressions ? String(c.record.impressions) : undefined),
  "metrics.clicks": (c) => (c.record?.clicks ? String(c.record.clicks) : undefined),
  "metrics.cost_micros": (c) => (c.record?.costMicros ? String(c.record.costMicros) : undefined),
  "metrics.conversions": (c) => c.record?.conversions || undefined,
  "metrics.conversions_value": (c) => c.record?.conversionsValue || undefined,
};

/** A stable number standing for a value's fingerprint or a criterion id in a resource name. */
const fingerprint = (text: string) => String(100_000 + (hashString(text) % 900_000));
const adGroupOf = (c: RowContext) => `${c.record?.campaignId ?? "0"}1`;

/**
 * The views the fake answers: which of the campaign's breakdowns each is, the entities a query
 * from it may select (its own fields and its attributed resources'), and each row's resource name
 * as the API's reference writes it. The resource name of the view in FROM comes back on every row,
 * and that of each attributed resource whose fields are selected.
 */
const VIEWS: Record<
  string,
  { breakdown?: AdsBreakdownResource; entities: string[]; resourceName?: (cid: string, c: RowContext) => string }
> = {
  customer: { entities: ["customer"] },
  campaign: { entities: ["campaign", "customer", "segments", "metrics"] },
  keyword_view: {
    breakdown: "keyword_view",
    entities: ["keyword_view", "ad_group_criterion", "campaign", "customer", "segments", "metrics"],
    resourceName: (cid, c) => `customers/${cid}/keywordViews/${adGroupOf(c)}~${fingerprint(c.values![0])}`,
  },
  display_keyword_view: {
    breakdown: "display_keyword_view",
    entities: ["display_keyword_view", "ad_group_criterion", "campaign", "customer", "segments", "metrics"],
    resourceName: (cid, c) => `customers/${cid}/displayKeywordViews/${adGroupOf(c)}~${fingerprint(c.values![0])}`,
  },
  search_term_view: {
    breakdown: "search_term_view",
    entities: ["search_term_view", "campaign", "customer", "segments", "metrics"],
    resourceName: (cid, c) =>
      `customers/${cid}/searchTermViews/${c.record!.campaignId}~${adGroupOf(c)}~${Buffer.from(c.values![0]).toString("base64url")}`,
  },
  dynamic_search_ads_search_term_view: {
    breakdown: "dynamic_search_ads_search_term_view",
    entities: ["dynamic_search_ads_search_term_view", "campaign", "customer", "segments", "metrics"],
    resourceName: (cid, c) =>
      `customers/${cid}/dynamicSearchAdsSearchTermViews/${adGroupOf(c)}~${fingerprint(c.values![0])}~${fingerprint(`h${c.part}`)}~${fingerprint(c.values![1])}~0`,
  },
  landing_page_view: {
    breakdown: "landing_page_view",
    entities: ["landing_page_view", "campaign", "customer", "segments", "metrics"],
    resourceName: (cid, c) => `customers/${cid}/landingPageViews/${fingerprint(c.values![0])}`,
  },
  geographic_view: {
    breakdown: "geographic_view",
    entities: ["geographic_view", "campaign", "customer", "segments", "metrics"],
    resourceName: (cid, c) => `customers/${cid}/geographicViews/${c.values![0]}~LOCATION_OF_PRESENCE`,
  },
  geo_target_constant: { entities: ["geo_target_constant"] },
};

/** The resource names of attributed resources whose fields a row carries. */
function attributedName(entity: string, customerId: string, c: RowContext): string | undefined {
  if (entity === "campaign" && c.record) return `customers/${customerId}/campaigns/${c.record.campaignId}`;
  if (entity === "customer") return `customers/${customerId}`;
  if (entity === "geoTargetConstant" && c.geo) return `geoTargetConstants/${c.geo.id}`;
  if (entity === "adGroupCriterion" && c.values)
    return `customers/${customerId}/adGroupCriteria/${adGroupOf(c)}~${fingerprint(c.values[0])}`;
  return undefined;
}

/**
 * Sets `value` at a GAQL field path, camelCased and nested
 * (ad_group_criterion.keyword.text → adGroupCriterion.keyword.text). */
function setPath(row: Record<string, unknown>, field: string, value: unknown) {
  const parts = field.split(".").map(camel);
  let node = row;
  for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
  if (value !== undefined) node[parts[parts.length - 1]] = value;
}

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
  const foreign = VIEWS[resource] && fields.find((f) => !VIEWS[resource].entities.includes(f.split(".")[0]));
  if (unknown)
    return adsError(
      res,
      400,
      "INVALID_ARGUMENT",
      { queryError: "UNRECOGNIZED_FIELD" },
      `Unrecognized field in the query: '${unknown}'.`,
    );
  const view = VIEWS[resource];
  if (!view)
    return adsError(
      res,
      400,
      "INVALID_ARGUMENT",
      { queryError: "INVALID_RESOURCE_NAME" },
      `Invalid resource name in FROM: '${resource}'.`,
    );
  if (foreign)
    return adsError(
      res,
      400,
      "INVALID_ARGUMENT",
      { queryError: "PROHIBITED_RESOURCE_TYPE_IN_SELECT_CLAUSE" },
      `Field '${foreign}' cannot be selected with the resource in the FROM clause: '${resource}'.`,
    );

  const between = /segments\.date\s+BETWEEN\s+'(\d{4}-\d{2}-\d{2})'\s+AND\s+'(\d{4}-\d{2}-\d{2})'/i.exec(
    parsed[3] ?? "",
  );
  const onlyCampaign = /campaign\.id\s*=\s*(\d+)/i.exec(parsed[3] ?? "")?.[1];
  const contexts: RowContext[] = [];
  if (resource === "geo_target_constant") {
    const ids = /geo_target_constant\.id\s+IN\s*\(([^)]*)\)/i.exec(parsed[3] ?? "")?.[1].split(",") ?? [];
    for (const id of ids.map((i) => i.trim()))
      if (ADS_COUNTRY_CRITERIA[id]) contexts.push({ customer, geo: { id, name: ADS_COUNTRY_CRITERIA[id] } });
  } else if (resource === "customer" || !fields.some((f) => !f.startsWith("customer."))) contexts.push({ customer });
  else {
    const start = between?.[1] ?? addDays(state.settings.today, -30);
    const end = between?.[2] ?? addDays(state.settings.today, -1);
    // The campaign resource segmented by device is the device breakdown.
    const breakdown = view.breakdown ?? (fields.includes("segments.device") ? "device" : undefined);
    const byDate = fields.includes("segments.date");
    const totals = new Map<string, RowContext>();
    for (let d = start; d <= end; d = addDays(d, 1))
      forEachAdsRow(state.settings, customerId, d, (r) => {
        if (onlyCampaign && r.campaignId !== onlyCampaign) return;
        const parts = breakdown ? splitAdsRecord(r, breakdown) : [{ values: undefined, record: r }];
        parts.forEach((p, part) => {
          if (byDate) return void contexts.push({ customer, record: p.record, values: p.values, part });
          // Without segments.date in SELECT, Ads sums the period: one row per campaign (and breakdown value).
          const key = `${r.campaignId}|${p.values?.join("|") ?? ""}`;
          const sum = totals.get(key)?.record;
          if (!sum) return void totals.set(key, { customer, record: { ...p.record }, values: p.values, part });
          sum.impressions += p.record.impressions;
          sum.clicks += p.record.clicks;
          sum.costMicros += p.record.costMicros;
          sum.conversions += p.record.conversions;
          sum.conversionsValue += p.record.conversionsValue;
        });
      });
    contexts.push(...totals.values());
  }
  const results = contexts.map((context) => {
    const row: Record<string, unknown> = {};
    if (view.resourceName && context.values)
      row[camel(resource)] = { resourceName: view.resourceName(customerId, context) };
    for (const field of fields) {
      const entity = camel(field.split(".")[0]);
      const name = row[entity] ? undefined : attributedName(entity, customerId, context);
      if (name) row[entity] = { resourceName: name };
      setPath(row, field, FIELDS[field](context));
    }
    return row;
  });
  const fieldMask = fields.map((f) => f.split(".").map(camel).join(".")).join(",");
  const requestId = randomBytes(8).toString("hex");
  const batches: Record<string, unknown>[] = [];
  for (let i = 0; i < results.length; i += BATCH_ROWS)
    batches.push({ results: results.slice(i, i + BATCH_ROWS), fieldMask, requestId });
  // An empty result is one batch with only the field mask and request id; the last batch says
  // what the query cost (int64, a string).
  if (!batches.length) batches.push({ fieldMask, requestId });
  batches[batches.length - 1].queryResourceConsumption = String(1 + Math.ceil(results.length / 100));
  sendJson(res, 200, batches);
}
