import "server-only";
import type { Dimension as DimensionKey } from "@/lib/catalogue/dimensions";
import { googleMalformedError } from "../../../../integrations/google/errors";
import { runGa4Report } from "../../../../integrations/google/ga4-data";
import { RowBuffer, type MetricColumn } from "../row-buffer";
import { audienceIdOf, conversionMetrics, metricReports } from "./ga4-conversions";
import { parseMetric, requireSetting, type Connector } from "./types";

// GA4 daily rows at the grain the engine reads: channel group, source, medium, campaign, device,
// country and landing page (8 dimensions with the date; GA4 allows 9), with the additive metrics
// of the observation store. totalUsers is kept at this exact grain only (never summed: see 0004).
// Conversions are the source's chosen key events and the rows those of its audience, if it has one
// (ga4-conversions.ts).

const DIMENSIONS: [string, DimensionKey][] = [
  ["sessionDefaultChannelGroup", "channel"],
  ["sessionSource", "source"],
  ["sessionMedium", "medium"],
  ["sessionCampaignName", "campaign"],
  ["deviceCategory", "device"],
  ["country", "country"],
  ["landingPage", "landingPage"],
];
const METRICS: [string, MetricColumn][] = [
  ["sessions", "sessions"],
  ["totalUsers", "users"],
  ["newUsers", "new_users"],
  ["engagedSessions", "engaged_sessions"],
  ["screenPageViews", "pageviews"],
  ["transactions", "transactions"],
  ["purchaseRevenue", "revenue"],
];
// The buffer's columns: the metrics above, then conversions (the sum of the conversion metrics;
// GA4 renamed conversions to key events in 2024 and `conversions` is deprecated).
const COLUMNS: MetricColumn[] = [...METRICS.map(([, m]) => m), "conversions"];
const CONVERSIONS = COLUMNS.length - 1;

export const ga4Connector: Connector = {
  historyMonths: 15,
  // 21 days x 2,000 combinations is 42,000 rows a batch; two batches are in memory at once (one fetched, one written).
  // With 30-day batches the worker peaked at 502-510 MB on the GA4 bench (limit 512); with 21, at 394-432 MB.
  batchDays: 21,
  newBuffer: () =>
    new RowBuffer(
      DIMENSIONS.map(([, d]) => d),
      COLUMNS,
    ),
  async fetch({ auth, source, startDate, endDate, buffer }) {
    const property = requireSetting(source, "analyticProperty");
    const audienceId = audienceIdOf(source);
    const conversions = await conversionMetrics(auth, source);
    // Up to 3 chosen events fit beside the other metrics; more take further reports of the same
    // rows, whose conversions the buffer adds to the same (day, combination).
    const reports = metricReports(
      METRICS.map(([name]) => name),
      conversions,
    );
    for (const [index, metrics] of reports.entries()) {
      const first = index === 0;
      await runGa4Report(
        auth,
        {
          property,
          startDate,
          endDate,
          dimensions: ["date", ...DIMENSIONS.map(([name]) => name)],
          metrics,
          audienceId,
        },
        (page) => {
          for (const row of page.rows) {
            const raw = row.dimensions[0];
            if (!/^\d{8}$/.test(raw)) throw googleMalformedError(`date is not YYYYMMDD: ${raw.slice(0, 20)}`);
            const date = `${raw.slice(0, 4)}-${raw.slice(4, 6)}-${raw.slice(6, 8)}`;
            const values = new Array<number>(COLUMNS.length).fill(0);
            row.metrics.forEach((v, i) => {
              const n = parseMetric(v, metrics[i], googleMalformedError);
              if (first && i < METRICS.length) values[i] = n;
              else values[CONVERSIONS] += n;
            });
            buffer.add(date, row.dimensions.slice(1), values);
          }
        },
      );
    }
  },
};
