import "server-only";
import sdk, {
  type AdReportRun,
  type FacebookAdsApi,
  type GraphCursor,
  type GraphObject,
} from "facebook-nodejs-business-sdk";
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
  const byType = new Map(
    (list as { action_type?: string; value?: unknown }[]).map((a) => [String(a.action_type ?? ""), a.value]),
  );
  const type = PURCHASE_TYPES.find((t) => byType.has(t));
  return type ? number(byType.get(type), `${field}.${type}`) : 0;
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

const cursorHeaders = (cursor: GraphCursor<GraphObject>) => cursor.headers as UsageHeaders | undefined;

/** The report run of an id: the SDK's AdReportRun constructor drops its `api` argument, so set it here. */
function reportRun(api: FacebookAdsApi, id: string): AdReportRun {
  const run = new sdk.AdReportRun(null, { report_run_id: id }, undefined, api);
  run._api = api;
  run.id = id;
  return run;
}

async function readAll(accountId: string, first: GraphCursor<GraphObject>, onRow: (row: MetaInsightRow) => void) {
  let page = first;
  for (;;) {
    for (const row of page) onRow(readInsightRow(row._data));
    if (!page.hasNext()) return;
    const current = page;
    page = await graphCall(accountId, () => current.next(), cursorHeaders);
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
  const account = new sdk.AdAccount(`act_${accountId}`, {}, undefined, api);
  const accountObject = new sdk.AdAccount(`act_${accountId}`, {}, undefined, objects);
  const params = {
    level: "campaign",
    time_increment: 1,
    time_range: { since, until },
    breakdowns: ["publisher_platform", "device_platform"],
    limit: PAGE_ROWS,
  };
  const days = (Date.parse(until) - Date.parse(since)) / 86_400_000 + 1;
  if (days <= ASYNC_AFTER_DAYS) {
    const first = await graphCall(accountId, () => account.getInsights(INSIGHT_FIELDS, { ...params }), cursorHeaders);
    return readAll(accountId, first, onRow);
  }
  const started = await graphCall(
    accountId,
    () => accountObject.getInsightsAsync(INSIGHT_FIELDS, { ...params }),
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
  const rows = reportRun(api, runId);
  const first = await graphCall(accountId, () => rows.getInsights([], { limit: PAGE_ROWS }), cursorHeaders);
  return readAll(accountId, first, onRow);
}
