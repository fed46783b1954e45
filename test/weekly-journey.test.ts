import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as uploadRoute from "@/app/api/data-sources/[id]/upload/route";
import * as kpisRoute from "@/app/api/reports/[id]/kpis/route";
import { projectCoverage, proposedPeriod } from "@/lib/insights/report-period";
import { db } from "@/server/db/client";
import { clientProjects, insights, reports } from "@/server/db/schema";
import { generateReportHandler } from "@/server/jobs/handlers/generate-report";
import { call } from "@/test/api";
import { resetDatabase } from "@/test/db";
import { createSource, uploadWorld } from "@/test/data-source-fixtures";
import { mixedGrainNote } from "@/lib/insights/figure-grains";
import { metricLabel } from "@/lib/insights/format-values";
import { addReport } from "@/test/report-fixtures";

// The weekly journey (issue 55): Shopify's real "Visitors over time" export by week (../shared/real-exports) is
// uploaded without a mapping, the report dialog's proposal compares its last four full weeks with the four before,
// and the report is made of weeks: the periods' totals are the file's own weekly sums, and nothing claims an unusual
// day, a segment's day or the day a level changed (a weekly row is a week, dated by its first day; ADR 0019).

const NAME = "shopify-visitors-sessions-over-time-weekly-2024.csv";
const bytes = readFileSync(path.resolve(import.meta.dirname, "../../shared/real-exports/files", NAME));
/** The file's own weeks: week start → sessions (the third column), read here apart from the importer. */
const weeks = new Map(
  bytes
    .toString("utf8")
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => line.split(","))
    .map(([week, , sessions]) => [week.replace(/"/g, ""), Number(sessions)]),
);
const sum = (starts: string[]) => starts.reduce((total, w) => total + weeks.get(w)!, 0);

describe("a weekly source's report", () => {
  beforeEach(resetDatabase);

  it("compares the last 4 full weeks with the 4 before, in weeks, and claims no day", async () => {
    const { main, project, sourceId } = await uploadWorld();
    const data = new FormData();
    data.set("file", new File([bytes as BlobPart], NAME, { type: "text/csv" }));
    const upload = await call(uploadRoute.POST, {
      path: `/api/data-sources/${sourceId}/upload`,
      params: { id: sourceId },
      token: main.token,
      formData: data,
    });
    expect(upload.status).toBe(200);
    expect(upload.body.grain).toBe("week");

    // The dialog's proposal: the last four full weeks (the file's last week, Dec 30, may be partial: left out).
    const coverage = projectCoverage([
      { grain: "week", dataRange: upload.body.dateRange, additional: { upload: upload.body } },
    ]);
    const period = proposedPeriod(coverage, "UTC", new Date("2026-12-02T12:00:00Z"));
    expect(period).toEqual({ periodStart: "2024-12-02", periodEnd: "2024-12-29" });

    const added = await addReport(project.id, main.token, { ...period, compareTo: "previous_period" });
    expect(added.status).toBe(202);
    const reportId = added.body._id as string;
    await generateReportHandler.handle({ reportId }, { jobId: "test" });
    const [done] = await db().select().from(reports).where(eq(reports.id, reportId));
    expect(done).toMatchObject({ status: "ready", error: null });

    // The headline sessions: the four weeks from Dec 2 against the four from Nov 4, the file's own sums.
    const figures = await call(kpisRoute.GET, {
      path: `/api/reports/${reportId}/kpis`,
      params: { id: reportId },
      token: main.token,
    });
    expect(figures.status).toBe(200);
    const sessions = figures.body.kpis.find((k: { metric: string }) => k.metric === "sessions");
    const december = ["2024-12-02", "2024-12-09", "2024-12-16", "2024-12-23"];
    expect(sessions).toMatchObject({
      current: sum(december),
      baseline: sum(["2024-11-04", "2024-11-11", "2024-11-18", "2024-11-25"]),
      // The sparkline: a point a week, the file's weeks (no zero days between them).
      points: december.map((date) => ({ date, value: weeks.get(date) })),
    });

    const rows = await db().select().from(insights).where(eq(insights.reportId, reportId));
    const byKey = new Map(rows.map((r) => [r.intentionKey, r]));
    // The change of the periods is weighed (four weeks on each side, all there), not skipped for "missing days".
    expect(byKey.get("sessions_change")!.summary).not.toMatch(/^Skipped/);
    // Day-by-day analyses say why they do not apply to weekly data.
    for (const key of ["sessions_anomalies", "segment_anomalies"])
      expect(byKey.get(key)!.summary).toBe(
        "Skipped: finding unusual days needs daily data; this project's data is weekly (each row a week), so no single day can be judged.",
      );
    for (const key of ["sessions_trend", "segment_level_shifts"])
      expect(byKey.get(key)!.summary).toBe(
        "Skipped: finding the day a level changed needs daily data; this project's data is weekly (each row a week), so no single day can be judged.",
      );
    // No finding anywhere claims a day: no anomaly, no dated shift, no "days" in what the report says.
    const findings = rows.flatMap((r) => r.findings as { kind: string; date?: string; narrative: string }[]);
    expect(findings.filter((f) => f.kind === "anomaly" || f.kind === "level_shift" || f.date)).toEqual([]);
    for (const r of rows) expect(`${r.title} ${r.summary}`).not.toMatch(/\bunusual (traffic )?days? (were|was)\b/i);
  });

  it("beside a daily source, each headline figure says the grain it is read at", async () => {
    const { main, project, sourceId } = await uploadWorld();
    const form = (file: Buffer, name: string) => {
      const data = new FormData();
      data.set("file", new File([file as BlobPart], name, { type: "text/csv" }));
      return data;
    };
    const upload = (id: string, file: Buffer, name: string) =>
      call(uploadRoute.POST, {
        path: `/api/data-sources/${id}/upload`,
        params: { id },
        token: main.token,
        formData: form(file, name),
      });
    expect((await upload(sourceId, bytes, NAME)).status).toBe(200);
    // Search Console by day over the same months (../shared/real-exports), a source of its own.
    const daily = await createSource(project.id, main.token, { name: "Search Console" });
    const gsc = "gsc-dates-daily-365d-page-filter.csv";
    const gscBytes = readFileSync(path.resolve(import.meta.dirname, "../../shared/real-exports/files", gsc));
    expect((await upload(daily.body._id, gscBytes, gsc)).body.grain).toBe("day");
    // Impressions first: the project's primary KPI, which only the daily source holds.
    await db()
      .update(clientProjects)
      .set({ settings: { primaryKpi: "impressions" } })
      .where(eq(clientProjects.id, project.id));

    const added = await addReport(project.id, main.token, {
      periodStart: "2024-12-02",
      periodEnd: "2024-12-29",
      compareTo: "previous_period",
    });
    const reportId = added.body._id as string;
    await generateReportHandler.handle({ reportId }, { jobId: "test" });
    const figures = await call(kpisRoute.GET, {
      path: `/api/reports/${reportId}/kpis`,
      params: { id: reportId },
      token: main.token,
    });
    expect(figures.status).toBe(200);
    const grainOf = (metric: string) =>
      figures.body.kpis.find((k: { metric: string }) => k.metric === metric)?.grain as string | undefined;
    expect(grainOf("impressions")).toBe("day");
    expect(grainOf("sessions")).toBe("week");
    expect(mixedGrainNote(figures.body.kpis, metricLabel)).toMatch(
      /^Impressions\b.* are daily; Sessions\b.* weekly: from a weekly data source/,
    );
  });

  it("a last week cut short is told as a week, never as a day", async () => {
    const { main, sourceId, project } = await uploadWorld();
    const data = new FormData();
    data.set("file", new File([bytes as BlobPart], NAME, { type: "text/csv" }));
    const upload = await call(uploadRoute.POST, {
      path: `/api/data-sources/${sourceId}/upload`,
      params: { id: sourceId },
      token: main.token,
      formData: data,
    });
    expect(upload.status).toBe(200);
    // Eight weeks up to the file's last week (Dec 30, 2024), which holds about half a usual week's sessions.
    const added = await addReport(project.id, main.token, {
      periodStart: "2024-11-05",
      periodEnd: "2024-12-30",
      compareTo: "previous_period",
    });
    const reportId = added.body._id as string;
    await generateReportHandler.handle({ reportId }, { jobId: "test" });
    const rows = await db().select().from(insights).where(eq(insights.reportId, reportId));
    const gaps = rows.find((r) => r.intentionKey === "tracking_gaps")!;
    const sessions = weeks.get("2024-12-30")!.toLocaleString("en");
    expect(gaps.summary).toContain(`Sessions in the week of Dec 30, 2024, the last week of the data, were ${sessions}`);
    expect(gaps.summary).toContain("in a usual week: the week looks recorded only in part");
    expect(`${gaps.summary} ${JSON.stringify(gaps.narration)}`).not.toMatch(/\b(day|weekday)\b/);
  });
});
