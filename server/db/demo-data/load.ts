import "server-only";
import { DIMENSIONS } from "@/lib/catalogue/dimensions";
import { STORED_METRICS } from "@/lib/catalogue/metrics";
import { addDays, isoDateOfUtc } from "@/lib/dates";
import { copyText, dimensionIdentity, dimensionKey } from "../../services/data-sources/upload/csv-layout";
import { ObservationStaging } from "../../services/data-sources/upload/staging";
import { DEMO_EVENTS } from "./events";
import { DEMO_DIMENSIONS, type SiteProfile } from "./profiles";
import { SeededRandom } from "@/lib/seeded-random";
import { buildSegments, type Segment } from "./segments";
import { generateRows, type DemoRow } from "./series";
import { DEMO_DAYS } from "@/lib/constants/demo-span";

export { DEMO_DAYS } from "@/lib/constants/demo-span";

const METRIC_KEYS = [
  "sessions",
  "users",
  "newUsers",
  "engagedSessions",
  "pageviews",
  "conversions",
  "leads",
  "transactions",
  "revenue",
  "impressions",
  "clicks",
  "cost",
] as const;

/** The demo's days (YYYY-MM-DD), the last one yesterday in UTC. */
export function demoPeriod(today = new Date()): { start: string; end: string } {
  const end = addDays(isoDateOfUtc(today), -1);
  return { start: addDays(end, -(DEMO_DAYS - 1)), end };
}

/**
 * Generates a demo site's daily data and loads it into its upload source the way an upload does:
 * COPY into a staging table, then the same merge (dimension combinations, observations, summary).
 */
export async function loadDemoObservations(
  profile: SiteProfile,
  target: { dataSourceId: string; projectId: string },
  today = new Date(),
) {
  const prng = new SeededRandom(profile.seed);
  const segments = buildSegments(profile, prng);
  const keys = new Map(segments.map((s) => [s, dimensionKey(dimensionIdentity(s.dims))]));
  const metrics = METRIC_KEYS.filter((k) =>
    profile.siteType === "ecommerce" ? k !== "leads" : k !== "transactions" && k !== "revenue",
  );
  const dims = DIMENSIONS.filter((d) => DEMO_DIMENSIONS.includes(d.key));
  const metricColumns = metrics.map((k) => STORED_METRICS.find((m) => m.key === k)!.column);
  const columns = ["line", "date", "combo", "key", ...dims.map((d) => d.column), ...metricColumns];
  const { start, end } = demoPeriod(today);

  const staging = await ObservationStaging.open();
  try {
    // The rows carry the file's numbers for their combinations: always through the staging table.
    await staging.start({
      ...target,
      copyColumns: { staged: columns },
      dimensionColumns: dims.map((d) => d.column),
      metricColumns,
    });
    let line = 1;
    const value = (v: number | null) => (v === null ? "\\N" : String(v));
    // As an upload does: rows carry the combination's number; its first row also its key and values.
    const sent = new Set<Segment>();
    const combo = new Map(segments.map((s, i) => [s, i + 1]));
    const nullDims = "\t\\N".repeat(dims.length);
    const dates = new Set<string>();
    for (const row of generateRows(profile, segments, DEMO_EVENTS[profile.key], start, end, prng)) {
      line++;
      dates.add(row.date);
      let text = `${line}\t${row.date}\t${combo.get(row.segment)}`;
      if (sent.has(row.segment)) text += "\t\\N" + nullDims;
      else {
        sent.add(row.segment);
        text += "\t" + keys.get(row.segment);
        for (const d of dims)
          text += "\t" + copyText(row.segment.dims[d.key as keyof DemoRow["segment"]["dims"]] ?? "");
      }
      for (const k of metrics) text += "\t" + value(row[k]);
      staging.push(text + "\n");
      await staging.flushIfFull();
    }
    await staging.finishCopy(dates);
    const summary = {
      rows: line - 1,
      dateRange: { start, end },
      grain: "day",
      coverage: { start, end, stated: true },
      metrics,
      dimensions: DEMO_DIMENSIONS,
      fileName: `${profile.key === "store" ? "northwind-store" : "northwind-uniforms"}-analytics-demo.csv`,
      demo: true,
      uploadedAt: new Date().toISOString(),
    };
    await staging.merge({ dataSourceId: target.dataSourceId, grain: "day", summary });
    await staging.commit();
    return summary;
  } catch (error) {
    await staging.abort();
    throw error;
  }
}
