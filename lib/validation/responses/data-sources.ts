import { z } from "zod";
import type { AnalyticsGeneration } from "../../catalogue/analytics-generations";
import { DIMENSION_KEYS, type Dimension } from "../../catalogue/dimensions";
import { BASE_METRIC_KEYS, type BaseMetric, type MetricUnit } from "../../catalogue/metrics";
import { GRAINS } from "../../csv-import/grain";
import { csvMappingSchema } from "../csv-mapping";
import { day, done, list, timestamp, uuid } from "./common";

// What the data source routes answer: a source (server/services/data-sources/data-source-view.ts), an upload's
// summary (upload/import-csv.ts UploadSummary), a source's imports (sync-status.ts), the Google and Meta listings the
// wizard picks from (google-service/listings.ts, premium-sources/meta-source.ts).

const metric = z.enum(BASE_METRIC_KEYS as [BaseMetric, ...BaseMetric[]]);
const dimension = z.enum(DIMENSION_KEYS as [Dimension, ...Dimension[]]);
const grain = z.enum(GRAINS);
const range = z.strictObject({ start: day, end: day });

/** A data source as the API shows it: `additional` holds the per-type fields (and an upload's last summary). */
export const dataSourceResponse = z.strictObject({
  _id: uuid,
  projectId: uuid,
  agencyId: uuid,
  /** What the user calls it; the source name when they gave none. */
  name: z.string(),
  sourceName: z.string(),
  kind: z.enum(["google", "own", "keyword_partner", "competitor", "ecommerce", "crm", "meta_ads"]),
  /** Google's: analytic, analytic-4, ads, searchconsole, console. */
  subType: z.string().nullable(),
  status: z.enum(["active", "suspended"]),
  additional: z.record(z.string(), z.unknown()),
  /** An upload source's column mapping from its last import (null before the first). */
  csvMapping: csvMappingSchema.nullable(),
  /** What one row covers (each row dated by its period's first day). */
  grain,
  /** The first and last date of the source's rows, on the reads that ask for it; null otherwise or without rows. */
  dataRange: range.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

/** What an import of a file did (POST …/upload). */
export const uploadSummaryResponse = z.strictObject({
  /** Rows imported (after rows split by a breakdown were added up). */
  rows: z.number().int(),
  /** The first and the last period's first day. */
  dateRange: range,
  grain,
  /** The days the rows cover; `stated` when the file says so. */
  coverage: range.extend({ stated: z.boolean() }),
  /** A weekly or monthly file that does not state its range: its last period may hold fewer days. */
  lastPeriodMayBePartial: z.boolean().optional(),
  metrics: z.array(metric),
  dimensions: z.array(dimension),
  /** Dimensions the file has no column for, given from others (the channel from source and medium). */
  derivedDimensions: z.array(dimension).optional(),
  /** Each metric's sum over the rows imported (an average position as its impressions-weighted average). */
  totals: z.partialRecord(metric, z.number()),
  /** The file's own totals rows against the sums of its rows. */
  fileTotals: z
    .array(
      z.strictObject({
        line: z.number().int(),
        label: z.string(),
        /** The period it totals, or null for the whole file. */
        period: z.string().nullable(),
        matches: z.boolean(),
        metrics: z.array(z.strictObject({ metric, file: z.number(), rows: z.number() })),
      }),
    )
    .optional(),
  /** What the reading did that the user should know: tables left out, rows added up, totals rows. */
  notes: z.array(z.string()).optional(),
  /** Dates that already had data from this source and were replaced by the file's. */
  replacedDates: z.number().int(),
  /** The Google Analytics generation whose export this was. */
  generation: z.enum(["ua", "ga4"] as const satisfies readonly AnalyticsGeneration[]).optional(),
});

const syncRunResponse = z.strictObject({
  _id: uuid,
  mode: z.enum(["initial", "incremental"]),
  status: z.enum(["running", "succeeded", "failed"]),
  startDate: day.nullable(),
  endDate: day.nullable(),
  rows: z.number().int(),
  durationMs: z.number().int().nullable(),
  error: z.string().nullable(),
  startedAt: timestamp,
  finishedAt: timestamp.nullable(),
});

/** GET /data-sources/{id}/sync: where the source's imports stand, and its last runs. */
export const syncStatusResponse = z.strictObject({
  syncable: z.boolean(),
  state: z
    .strictObject({
      initialStartDate: day.nullable(),
      importedThrough: day.nullable(),
      initialCompletedAt: timestamp.nullable(),
      lastSuccessAt: timestamp.nullable(),
      tokenUpdateFailed: z.boolean(),
      tokenUpdateFailedAt: timestamp.nullable(),
      lastError: z.string().nullable(),
    })
    .nullable(),
  running: z.boolean(),
  /** While a run is going: the days it has committed, for the live bar. */
  progress: z.strictObject({ daysDone: z.number().int(), daysTotal: z.number().int() }).nullable(),
  runs: z.array(syncRunResponse),
  /** CRM, ecommerce and Meta Ads sources: what the imported days hold, per metric. */
  totals: z
    .array(
      z.strictObject({
        metric,
        label: z.string(),
        unit: z.enum(["count", "currency", "percent", "rank", "ratio"] as const satisfies readonly MetricUnit[]),
        value: z.number(),
      }),
    )
    .optional(),
  /** The currency of the totals' money: the store's or ad account's own, else the project's. */
  currency: z.string().optional(),
});

/** A source whose Google access expired or was revoked (the reconnect alert). */
export const tokenAlertResponse = z.strictObject({
  dataSourceId: uuid,
  name: z.string(),
  subType: z.string().nullable(),
  projectId: uuid,
  projectName: z.string(),
  since: timestamp,
  message: z.string(),
  canReconnect: z.boolean(),
});

/** The caller's Google sign-in, never its tokens. */
export const googleAccountResponse = z.strictObject({
  email: z.string(),
  name: z.string().nullable(),
  connectedAt: timestamp,
});

/** A listing the wizard picks from, read live: `message` (the spec's) when it is empty for a reason to act on. */
const listing = <T extends z.ZodRawShape>(row: T) =>
  z.strictObject({
    docs: z.array(z.strictObject({ id: z.string(), name: z.string(), ...row })),
    message: z.string().optional(),
  });

const uaGoal = z.strictObject({ id: z.string(), name: z.string(), active: z.boolean(), value: z.number() });

export const DATA_SOURCE_RESPONSES = {
  "GET /api/properties/{id}/data-sources": list(dataSourceResponse),
  /** A connected Google source (`kind: "google"`) or an upload source. */
  "POST /api/properties/{id}/data-sources": dataSourceResponse,
  "POST /api/properties/{id}/data-sources/upload": z.strictObject({
    dataSource: dataSourceResponse,
    summary: uploadSummaryResponse,
  }),
  "POST /api/properties/{id}/data-sources/partner": dataSourceResponse,
  "POST /api/properties/{id}/data-sources/meta": dataSourceResponse,
  /** The provider's consent page, where the wizard sends the browser. */
  "POST /api/properties/{id}/data-sources/connect/{integration}": z.strictObject({ url: z.url() }),
  "GET /api/data-sources/{id}": dataSourceResponse,
  "PUT /api/data-sources/{id}": dataSourceResponse,
  "DELETE /api/data-sources/{id}": done({ _id: uuid }),
  "POST /api/data-sources/{id}/upload": uploadSummaryResponse,
  "GET /api/data-sources/{id}/sync": syncStatusResponse,
  "POST /api/data-sources/{id}/sync": done(),
  "GET /api/meta/ad-accounts": listing({ currency: z.string(), timeZone: z.string() }),
  "GET /api/google-service/session": z.strictObject({ account: googleAccountResponse.nullable() }),
  "GET /api/google-service/token-alerts": z.strictObject({ docs: z.array(tokenAlertResponse) }),
  "GET /api/google-service/analytics/accounts": listing({}),
  "GET /api/google-service/analytics/properties": listing({ websiteUrl: z.string() }),
  "GET /api/google-service/analytics/profiles": listing({
    currency: z.string(),
    timezone: z.string(),
    ecommerce: z.boolean(),
  }),
  "GET /api/google-service/analytics/segments": listing({ type: z.string() }),
  /** A view's goals, goal 1 the only possible primary one. */
  "GET /api/google-service/analytics/goals": z.strictObject({
    docs: z.array(uaGoal),
    primary: z.array(uaGoal),
    secondary: z.array(uaGoal),
    primaryMessage: z.string().optional(),
    secondaryMessage: z.string().optional(),
  }),
  "GET /api/google-service/analytics-4/accounts": listing({ properties: z.number().int() }),
  "GET /api/google-service/analytics-4/properties": listing({
    timeZone: z.string().nullable(),
    currencyCode: z.string().nullable(),
  }),
  "GET /api/google-service/analytics-4/conversion-events": listing({}),
  "GET /api/google-service/analytics-4/audiences": listing({}),
  "GET /api/google-service/search-console/sites": listing({ permissionLevel: z.string() }),
  "GET /api/google-service/ads/ads-accounts": listing({ currencyCode: z.string(), timeZone: z.string() }),
  "GET /api/google-service/ads/ads-accounts/{id}/campaigns": listing({ status: z.string() }),
} satisfies Record<string, z.ZodType>;
