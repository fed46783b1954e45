import { readFileSync } from "node:fs";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as uploadRoute from "@/app/api/data-sources/[id]/upload/route";
import { db } from "@/server/db/client";
import { clientProjects, insights, reports } from "@/server/db/schema";
import { generateReportHandler } from "@/server/jobs/handlers/generate-report";
import { engineProjectOf, loadReportInput } from "@/server/insights/data/load-report-input";
import { checkReport } from "@/server/insights/quality/check-report";
import { engineSeriesData } from "@/server/insights/quality/engine-series-data";
import { storedReportOf } from "@/server/insights/quality/report-of";
import { call } from "@/test/api";
import { resetDatabase } from "@/test/db";
import { createSource, uploadWorld } from "@/test/data-source-fixtures";
import { addReport } from "@/test/report-fixtures";
import { addDays } from "@/lib/dates";

// A project with Search Console by day beside Shopify's "Visitors over time" by week (both real exports,
// ../shared/real-exports): each question is asked at the grain of the data it reads. Search Console's impressions keep
// their day-by-day questions (unusual days, the day a level changed), read from the daily file; the store's weekly
// sessions are compared week by week and claim no day. Before, the whole project was read at its coarsest grain and
// every day-by-day question said "this project's data is weekly".

const FILES = path.resolve(import.meta.dirname, "../../shared/real-exports/files");
const SHOPIFY = "shopify-visitors-sessions-over-time-weekly-2024.csv";
const GSC = "gsc-dates-daily-365d-page-filter.csv";
const PERIOD = { periodStart: "2024-12-02", periodEnd: "2024-12-29" };
const SEARCH_METRICS = new Set(["clicks", "impressions", "ctr", "position"]);

const shopify = readFileSync(path.join(FILES, SHOPIFY));
const gsc = readFileSync(path.join(FILES, GSC));
/** Search Console's own days, read here apart from the importer: date → clicks and impressions. */
const days = new Map(
  gsc
    .toString("utf8")
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => line.split(","))
    .map(([date, clicks, impressions]) => [date, { clicks: Number(clicks), impressions: Number(impressions) }]),
);
const meanOf = (metric: "clicks" | "impressions", from: string, to: string) => {
  const values = [...days].filter(([d]) => d >= from && d <= to).map(([, v]) => v[metric]);
  return values.reduce((a, b) => a + b, 0) / values.length;
};

interface StoredFinding {
  kind: string;
  metric: string;
  date?: string;
  periodStart: string;
  periodEnd: string;
  current: number | null;
  baseline: number | null;
  direction: string | null;
  narrative: string;
}
let rows: (typeof insights.$inferSelect)[];
let violations: { property: string; text: string }[];

beforeAll(async () => {
  await resetDatabase();
  const { main, project, sourceId } = await uploadWorld();
  const upload = (id: string, file: Buffer, name: string) => {
    const data = new FormData();
    data.set("file", new File([file as BlobPart], name, { type: "text/csv" }));
    return call(uploadRoute.POST, {
      path: `/api/data-sources/${id}/upload`,
      params: { id },
      token: main.token,
      formData: data,
    });
  };
  expect((await upload(sourceId, shopify, SHOPIFY)).body.grain).toBe("week");
  const search = await createSource(project.id, main.token, { name: "Search Console" });
  expect((await upload(search.body._id, gsc, GSC)).body.grain).toBe("day");

  const added = await addReport(project.id, main.token, { ...PERIOD, compareTo: "previous_period" });
  expect(added.status).toBe(202);
  const reportId = added.body._id as string;
  await generateReportHandler.handle({ reportId }, { jobId: "test" });
  const [done] = await db().select().from(reports).where(eq(reports.id, reportId));
  expect(done).toMatchObject({ status: "ready", error: null });
  rows = await db().select().from(insights).where(eq(insights.reportId, reportId)).orderBy(asc(insights.rank));

  // The stored findings on Search Console's metrics checked against the daily file as the loader reads it.
  const [p] = await db().select().from(clientProjects).where(eq(clientProjects.id, project.id));
  const input = await loadReportInput({
    projectId: p.id,
    project: engineProjectOf(p),
    ...PERIOD,
    compareTo: "previous_period",
  });
  const stored = storedReportOf(input.window, p.currency, done.excludedDays ?? [], rows);
  const metricOf = (insight: string | null, finding: number | null) =>
    finding === null
      ? null
      : (rows.find((r) => r.intentionKey === insight)?.findings as StoredFinding[] | undefined)?.[finding]?.metric;
  violations = checkReport(stored, engineSeriesData(input, done.excludedDays ?? [])).filter((v) =>
    SEARCH_METRICS.has(metricOf(v.insight, v.finding) ?? ""),
  );
}, 120_000);

const byKey = (key: string) => rows.find((r) => r.intentionKey === key);
const findingsOf = (key: string) => (byKey(key)?.findings ?? []) as StoredFinding[];

describe("Search Console by day beside a store's weekly export", () => {
  it("asks the day-by-day questions of the daily impressions", () => {
    for (const key of ["impressions_anomalies", "impressions_trend"]) {
      expect(byKey(key), key).toBeDefined();
      expect(byKey(key)!.summary, key).not.toMatch(/^Skipped/);
    }
  });

  it("skips them for the weekly sessions, naming the weekly source", () => {
    expect(byKey("sessions_anomalies")!.summary).toBe(
      "Skipped: finding unusual days needs daily data; sessions are read from “Shop export”, whose data is weekly (each row a week), so no single day of it can be judged.",
    );
    expect(byKey("sessions_trend")!.summary).toBe(
      "Skipped: finding the day a level changed needs daily data; sessions are read from “Shop export”, whose data is weekly (each row a week), so no single day of it can be judged.",
    );
    // The weekly sessions are still compared, week by week.
    expect(byKey("sessions_change")!.summary).not.toMatch(/^Skipped/);
  });

  it("claims a day only of the daily data, with the file's own numbers", () => {
    const dated = rows.flatMap((r) => r.findings as StoredFinding[]).filter((f) => f.kind === "anomaly" || f.date);
    for (const f of dated) expect(SEARCH_METRICS.has(f.metric), `${f.kind} of ${f.metric}`).toBe(true);
    // Each unusual day of impressions states the file's value that day.
    const unusual = findingsOf("impressions_anomalies").filter((f) => f.kind === "anomaly");
    for (const f of unusual) {
      expect(f.current, f.narrative).toBe(days.get(f.periodStart)!.impressions);
      expect(f.narrative).toContain(days.get(f.periodStart)!.impressions.toLocaleString("en"));
    }
    // A level change of impressions goes the way the file's means over the days it names go.
    for (const f of findingsOf("impressions_trend").filter((x) => x.kind === "level_shift")) {
      const before = meanOf("impressions", addDays(f.periodStart, -28), addDays(f.periodStart, -1));
      const after = meanOf("impressions", f.periodStart, f.periodEnd);
      expect(f.direction, f.narrative).toBe(after > before ? "up" : "down");
    }
    expect(unusual.length + findingsOf("impressions_trend").length).toBeGreaterThan(0);
  });

  it("keeps every property on the Search Console findings", () => {
    expect(violations.map((v) => `${v.property}: ${v.text}`)).toEqual([]);
  });
});
