import "server-only";
import sdk, { type AdReportRun, type FacebookAdsApi } from "facebook-nodejs-business-sdk";
import { partnerMalformed } from "../partners/errors";
import { graphCall, metaApi } from "./client";
import { metaConfig } from "./config";
import type { UsageHeaders } from "./rate-limit";

// Daily campaign Insights of one ad account: `level=campaign`, `time_increment=1` (one row per
// campaign and day), broken down by `publisher_platform` (Facebook, Instagram, Audience Network,
// Messenger) and `device_platform` (desktop, mobile app, mobile web). A range longer than a week
// is an async report run (POST …/insights, then its status polled until "Job Completed" and its
// rows paged), as Meta asks for large reads; a short one (the daily re-read) is read at once.

const PROVIDER = "Meta";
export const INSIGHT_FIELDS = [
  "campaign_id",
  "campaign_name",
  "impressions",
  "inline_link_clicks",
  "spend",
  "actions",
  "action_values",
  "account_currency",
];
const ASYNC_AFTER_DAYS = 7;
const PAGE_ROWS = 5000;

/**
 * Meta reports one purchase under several overlapping action types (the pixel's, the app's, the
 * deduplicated `omni_purchase`): the first present of these is the purchases, never their sum.
 */
const PURCHASE_TYPES = [
  "omni_purchase",
  "purchase",
  "offsite_conversion.fb_pixel_purchase",
  "onsite_web_purchase",
  "app_custom_event.fb_mobile_purchase",
];

export interface MetaInsightRow {
  date: string;
  campaign: string;
  platform: string;
  device: string;
  impressions: number;
  linkClicks: number;
  spend: number;
  purchases: number;
  purchaseValue: number;
  currency: string;
}

function number(value: unknown, field: string): number {
  if (value === undefined || value === null || value === "") return 0;
  const n = Number(value);
  if (!Number.isFinite(n)) throw partnerMalformed(PROVIDER, `${field} is not a number: ${String(value).slice(0, 40)}`);
  return n;
}

function purchaseOf(list: unknown, field: string): number {
  if (list === undefined || list === null) return 0;
  if (!Array.isArray(list)) throw partnerMalformed(PROVIDER, `${field} is not a list`);
  // The first of PURCHASE_TYPES the row lists (the last entry of a type listed twice), found without a Map per row.
  let rank = PURCHASE_TYPES.length;
  let value: unknown;
  for (const a of list as { action_type?: string; value?: unknown }[]) {
    const i = PURCHASE_TYPES.indexOf(String(a.action_type ?? ""));
    if (i !== -1 && i <= rank) {
      rank = i;
      value = a.value;
    }
  }
  return rank < PURCHASE_TYPES.length ? number(value, `${field}.${PURCHASE_TYPES[rank]}`) : 0;
}

/** One Insights row in the product's terms; a row without its date or campaign is refused. */
export function readInsightRow(data: Record<string, unknown>): MetaInsightRow {
  const date = String(data.date_start ?? "");
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || data.date_stop !== date)
    throw partnerMalformed(PROVIDER, `a row is not one day: ${date}…${String(data.date_stop)}`);
  if (typeof data.campaign_name !== "string" && typeof data.campaign_id !== "string")
    throw partnerMalformed(PROVIDER, "a row has no campaign");
  return {
    date,
    campaign: String(data.campaign_name ?? data.campaign_id),
    platform: String(data.publisher_platform ?? ""),
    device: String(data.device_platform ?? ""),
    impressions: number(data.impressions, "impressions"),
    linkClicks: number(data.inline_link_clicks, "inline_link_clicks"),
    spend: number(data.spend, "spend"),
    purchases: purchaseOf(data.actions, "actions"),
    purchaseValue: purchaseOf(data.action_values, "action_values"),
    currency: String(data.account_currency ?? ""),
  };
}

/** One page of Insights rows as the Graph API sends it: `data`, `paging.next` (a full URL), and the headers. */
interface InsightsPage {
  data?: unknown;
  paging?: { next?: string };
  headers?: UsageHeaders;
}

/** The report run of an id: the SDK's AdReportRun constructor drops its `api` argument, so set it here. */
function reportRun(api: FacebookAdsApi, id: string): AdReportRun {
  const run = new sdk.AdReportRun(null, { report_run_id: id }, undefined, api);
  run._api = api;
  run.id = id;
  return run;
}

/**
 * Every row of an Insights edge, page by page, through the SDK's API object. Its cursor would turn
 * each row into an AdsInsights object, which defines a property for each of the class's ~150 fields:
 * on a 37-month import that was 4 of every 5 CPU seconds and 2.5 GB of memory. The rows are read
 * from the page's JSON instead; the SDK still signs, versions and sends every call.
 */
async function readAll(
  api: FacebookAdsApi,
  accountId: string,
  edge: string[],
  params: Record<string, unknown>,
  onRow: (row: MetaInsightRow) => void,
) {
  const get = (path: string | string[]) => () =>
    api.call("GET", path, typeof path === "string" ? {} : { ...params }) as Promise<InsightsPage>;
  let page = await graphCall(accountId, get(edge), (answer) => answer.headers);
  for (;;) {
    if (!Array.isArray(page.data)) throw partnerMalformed(PROVIDER, "an Insights page has no list of rows");
    for (const row of page.data as Record<string, unknown>[]) onRow(readInsightRow(row));
    const next = page.paging?.next;
    if (!next) return;
    page = await graphCall(accountId, get(next), (answer) => answer.headers);
  }
}

/** Every campaign × day × platform × device row of [since, until], handed to `onRow` page by page. */
export async function readCampaignInsights(
  accessToken: string,
  accountId: string,
  since: string,
  until: string,
  onRow: (row: MetaInsightRow) => void,
): Promise<void> {
  const api = metaApi(accessToken, { headers: true });
  const objects = metaApi(accessToken);
  const accountObject = new sdk.AdAccount(`act_${accountId}`, {}, undefined, objects);
  const params = {
    fields: INSIGHT_FIELDS.join(","),
    level: "campaign",
    time_increment: 1,
    time_range: { since, until },
    breakdowns: ["publisher_platform", "device_platform"],
    limit: PAGE_ROWS,
  };
  const days = (Date.parse(until) - Date.parse(since)) / 86_400_000 + 1;
  if (days <= ASYNC_AFTER_DAYS) return readAll(api, accountId, [`act_${accountId}`, "insights"], params, onRow);
  const started = await graphCall(
    accountId,
    () => accountObject.getInsightsAsync([], { ...params }),
    () => undefined,
  );
  const runId = String(started._data.report_run_id ?? started.id ?? "");
  if (!/^\d+$/.test(runId)) throw partnerMalformed(PROVIDER, "the async report run has no id");
  const run = reportRun(objects, runId);
  for (;;) {
    const status = await graphCall(
      accountId,
      () => run.get(["async_status", "async_percent_completion"]),
      () => undefined,
    );
    const state = String(status._data.async_status ?? "");
    if (state === "Job Completed") break;
    if (state === "Job Failed" || state === "Job Skipped")
      throw partnerMalformed(PROVIDER, `the async report run ${runId} ended "${state}"`);
    await new Promise((r) => setTimeout(r, metaConfig().META_ASYNC_POLL_MS));
  }
  return readAll(api, accountId, [runId, "insights"], { limit: PAGE_ROWS }, onRow);
}
