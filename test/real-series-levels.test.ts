import fs from "node:fs";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { clientProjects, insights, reports } from "@/server/db/schema";
import { engineProjectOf, loadReportInput } from "@/server/insights/data/load-report-input";
import { checkReport } from "@/server/insights/quality/check-report";
import { engineSeriesData } from "@/server/insights/quality/engine-series-data";
import { storedReportOf } from "@/server/insights/quality/report-of";
import type { Violation } from "@/server/insights/quality/types";
import { generateReport } from "@/server/services/reports/generate-report";
import { uploadCsv, uploadWorld } from "@/test/data-source-fixtures";
import { resetDatabase } from "@/test/db";
import { insertReport } from "@/test/report-fixtures";

// Two real public series of the quality bench (data/real-series, docs/real-series.md), reported on through the upload
// route and the report job, every finding checked against the data the report loader reads. Peyton Manning's page
// views on his release by the Colts (Mar 7, 2012: 114,100, 86,102, 44,044 … then about 25,000 a day) read "shifted
// from about 4,718 to 42,780 a day", the level counting the days the same report told as unusual; New York's taxis
// sliding through August 2014, then September's step up, read "declining 2.6 % a week" beside that step.

const SERIES = path.resolve(import.meta.dirname, "../data/real-series");

interface Stored {
  kind: string;
  metric: string;
  periodStart: string;
  baseline: number | null;
  current: number | null;
  direction: string | null;
  valueUnit?: string;
}

async function report(file: string, siteType: string, periodStart: string, periodEnd: string) {
  const { main, project, sourceId } = await uploadWorld();
  await db()
    .update(clientProjects)
    .set({ siteType: siteType as "brand" })
    .where(eq(clientProjects.id, project.id));
  expect((await uploadCsv(sourceId, main.token, fs.readFileSync(path.join(SERIES, file)), file)).status).toBe(200);
  const inserted = await insertReport(project, { periodStart, periodEnd });
  await generateReport(inserted.id);
  const [row] = await db().select().from(reports).where(eq(reports.id, inserted.id));
  const rows = await db().select().from(insights).where(eq(insights.reportId, row.id)).orderBy(asc(insights.rank));
  const [p] = await db().select().from(clientProjects).where(eq(clientProjects.id, project.id));
  const period = { periodStart, periodEnd, compareTo: "previous_period" as const };
  const input = await loadReportInput({ projectId: p.id, project: engineProjectOf(p), ...period });
  const excluded = row.excludedDays ?? [];
  const violations = checkReport(
    storedReportOf(input.window, p.currency, excluded, rows),
    engineSeriesData(input, excluded),
  );
  return { findings: rows.flatMap((r) => r.findings as Stored[]), violations };
}

let peyton: { findings: Stored[]; violations: Violation[] };
let taxis: { findings: Stored[]; violations: Violation[] };

beforeAll(async () => {
  await resetDatabase();
  peyton = await report("peyton-manning-wikipedia-pageviews.csv", "content", "2012-02-16", "2012-03-16");
  taxis = await report("nyc-taxi-passengers-daily.csv", "brand", "2014-08-12", "2014-09-10");
}, 180_000);

describe("levels on real series", () => {
  it("states a step's level without the days the report tells as unusual", () => {
    const unusual = new Set(peyton.findings.filter((f) => f.kind === "anomaly").map((f) => f.periodStart));
    expect([...unusual]).toEqual(expect.arrayContaining(["2012-03-07", "2012-03-08", "2012-03-09"]));
    const step = peyton.findings.find((f) => f.kind === "level_shift" && f.periodStart === "2012-03-07")!;
    // Mar 14 to 16 (24,233, 25,511 and 25,359 in the file), the days after the unusual ones.
    expect(step.current).toBeCloseTo((24233 + 25511 + 25359) / 3, 6);
    expect(step.baseline).toBeGreaterThan(4000);
    expect(step.baseline).toBeLessThan(5500);
    expect(peyton.violations.map((v) => v.text)).toEqual([]);
  });

  it("tells no growth rate beside a step that runs against the period's own weeks", () => {
    const rates = taxis.findings.filter((f) => f.kind === "trend" && f.valueUnit);
    for (const r of rates) expect(r.direction).toBe("up");
    expect(taxis.findings.some((f) => f.kind === "level_shift" && f.direction === "up")).toBe(true);
    expect(taxis.violations.map((v) => v.text)).toEqual([]);
  });
});
