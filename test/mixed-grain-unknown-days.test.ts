import { readFileSync } from "node:fs";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays } from "@/lib/dates";
import { db } from "@/server/db/client";
import { clientProjects, insights, reports } from "@/server/db/schema";
import { generateReport } from "@/server/services/reports/generate-report";
import { headlineFigures } from "@/server/services/reports/report-kpis";
import { createSource, uploadCsv, uploadWorld } from "@/test/data-source-fixtures";
import { resetDatabase } from "@/test/db";
import { insertReport } from "@/test/report-fixtures";

// The days a report leaves out belong to the source whose data they are. Search Console by day beside Shopify's
// "Visitors over time" by week (both real exports, ../shared/real-exports): Shopify's file ends with the week of
// Dec 30, 2024 cut short (its export was taken on its first days), a fault of the store's data, not of Search
// Console's Dec 30, which the report reads as recorded. And Search Console is checked for its own tracking gaps: the
// same file with two days missing (an export with a hole, as a property's data can have) tells the gap, and leaves
// those days out of Search Console's metrics only.

const FILES = path.resolve(import.meta.dirname, "../../shared/real-exports/files");
const SHOPIFY = "shopify-visitors-sessions-over-time-weekly-2024.csv";
const GSC = "gsc-dates-daily-365d-page-filter.csv";
/** Four of Shopify's weeks (Monday to Sunday), the last its cut-short week of Dec 30. */
const PERIOD = { periodStart: "2024-12-09", periodEnd: "2025-01-05" };
const CUT_SHORT = "2024-12-30";
/** Search Console's days removed from its file in the second project. */
const HOLE = ["2024-12-17", "2024-12-18"];

const shopify = readFileSync(path.join(FILES, SHOPIFY));
const gsc = readFileSync(path.join(FILES, GSC));
const gscLines = gsc.toString("utf8").trim().split("\n");
/** Search Console's clicks by day, read here apart from the importer. */
const clicks = new Map(gscLines.slice(1).map((line) => [line.split(",")[0], Number(line.split(",")[1])]));
const clicksOver = (from: string, to: string, without: readonly string[] = []) => {
  let sum = 0;
  for (let d = from; d <= to; d = addDays(d, 1)) if (!without.includes(d)) sum += clicks.get(d)!;
  return sum;
};

interface StoredFinding {
  kind: string;
  check?: string;
  issue?: string;
  metric: string;
  periodStart: string;
  periodEnd: string;
  dataKind?: string;
  grain?: string;
}

interface Reported {
  report: typeof reports.$inferSelect;
  rows: (typeof insights.$inferSelect)[];
  figures: Awaited<ReturnType<typeof headlineFigures>>;
  shopId: string;
  searchId: string;
}

async function reportOn(searchFile: Buffer | string): Promise<Reported> {
  const { main, project, sourceId } = await uploadWorld();
  expect((await uploadCsv(sourceId, main.token, shopify, SHOPIFY)).body.grain).toBe("week");
  const search = await createSource(project.id, main.token, { name: "Search Console" });
  expect((await uploadCsv(search.body._id, main.token, searchFile, GSC)).body.grain).toBe("day");
  const inserted = await insertReport(project, PERIOD);
  await generateReport(inserted.id);
  const [report] = await db().select().from(reports).where(eq(reports.id, inserted.id));
  expect(report).toMatchObject({ status: "ready", error: null });
  const rows = await db().select().from(insights).where(eq(insights.reportId, report.id)).orderBy(asc(insights.rank));
  const [p] = await db().select().from(clientProjects).where(eq(clientProjects.id, project.id));
  return { report, rows, figures: await headlineFigures(report, p), shopId: sourceId, searchId: search.body._id };
}

const auditOf = (r: Reported) =>
  (r.rows.find((row) => row.intentionKey === "tracking_gaps")?.findings ?? []) as StoredFinding[];
const figureOf = (r: Reported, metric: string) => r.figures.kpis.find((k) => k.metric === metric);
const findingsOf = (r: Reported, key: string) =>
  (r.rows.find((row) => row.intentionKey === key)?.findings ?? []) as (StoredFinding & { current: number | null })[];

let whole: Reported;
let holed: Reported;

beforeAll(async () => {
  await resetDatabase();
  whole = await reportOn(gsc);
  const kept = gscLines.filter((line) => !HOLE.includes(line.split(",")[0]));
  holed = await reportOn(kept.join("\n"));
}, 180_000);

describe("a weekly store export's cut-short last week beside Search Console by day", () => {
  it("is the store's unknown day, not Search Console's", () => {
    expect(whole.report.excludedDaysBySource?.[whole.shopId]).toContain(CUT_SHORT);
    expect(whole.report.excludedDaysBySource?.[whole.searchId] ?? []).not.toContain(CUT_SHORT);
    expect(whole.report.excludedDays).toContain(CUT_SHORT);
    // The audit tells it as the store's last week cut short.
    const partial = auditOf(whole).find((f) => f.issue === "partial");
    expect(partial).toMatchObject({ metric: "sessions", periodStart: CUT_SHORT, grain: "week" });
  });

  it("leaves Search Console's clicks as the file records them, Dec 30 included", () => {
    const figure = figureOf(whole, "clicks")!;
    expect(figure.estimatedDays).toEqual([]);
    expect(figure.current).toBe(clicksOver(PERIOD.periodStart, PERIOD.periodEnd));
  });
});

describe("Search Console's own tracking gap beside the weekly store export", () => {
  it("is told by the audit as Search Console's", () => {
    const gap = auditOf(holed).find((f) => f.issue === "gap" && f.metric === "clicks");
    expect(gap).toMatchObject({ periodStart: HOLE[0], periodEnd: HOLE[1], dataKind: "organic_search" });
  });

  it("leaves the days out of Search Console's metrics only", () => {
    expect(holed.report.excludedDaysBySource?.[holed.searchId]).toEqual(expect.arrayContaining(HOLE));
    expect(holed.report.excludedDaysBySource?.[holed.shopId] ?? []).not.toContain(HOLE[0]);
    // The clicks' figure estimates its two missing days (their weekdays' mean), the store's figures none of them.
    const figure = figureOf(holed, "clicks")!;
    expect(figure.estimatedDays).toEqual(HOLE);
    expect(figure.current).toBeGreaterThan(clicksOver(PERIOD.periodStart, PERIOD.periodEnd, HOLE));
    expect(figureOf(holed, "sessions")!.estimatedDays).not.toContain(HOLE[0]);
    // No unusual day of Search Console's falls inside its gap.
    for (const f of findingsOf(holed, "impressions_anomalies").filter((x) => x.kind === "anomaly"))
      expect(HOLE).not.toContain(f.periodStart);
  });
});
