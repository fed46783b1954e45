import { count, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { NO_SIGNIFICANT_RESULTS } from "@/lib/insights/intentions";
import { db } from "@/server/db/client";
import { dataSources, insights, observationDailyTotals, reports } from "@/server/db/schema";
import { ensureDailyTotals } from "@/server/insights/data/daily-totals";
import { generateReport } from "@/server/services/reports/generate-report";
import { generateReportHandler } from "@/server/jobs/handlers/generate-report";
import { resetDatabase } from "@/test/db";
import { DAYS, DROP_CHANNEL, insertReport, reportWorld } from "@/test/report-fixtures";

const insightsOf = (reportId: string) =>
  db().select().from(insights).where(eq(insights.reportId, reportId)).orderBy(insights.rank);
type StoredFinding = Pick<
  import("@/server/insights/types").Finding,
  | "kind"
  | "dimension"
  | "dimensionValue"
  | "direction"
  | "change"
  | "metric"
  | "narrative"
  | "baseline"
  | "expectedLow"
  | "expectedHigh"
>;

describe("report generation (job handler run directly)", () => {
  beforeEach(resetDatabase);

  it("ranks the planted channel-driven drop in conversions first, naming the channel with a negative sign", async () => {
    const { project } = await reportWorld();
    const report = await insertReport(project);
    await generateReportHandler.handle({ reportId: report.id }, { jobId: "test" });

    const [done] = await db().select().from(reports).where(eq(reports.id, report.id));
    expect(done).toMatchObject({ status: "ready", progress: 100, error: null });
    expect(done.startedAt).not.toBeNull();
    expect(done.finishedAt).not.toBeNull();

    const rows = await insightsOf(report.id);
    // The segment's own finding leads: its level shift, dated, with its effect on the KPI.
    const lead = rows[0];
    expect(lead).toMatchObject({ group: "most_impactful", intentionKey: "segment_level_shifts" });
    const shift = (lead.findings as StoredFinding[])[0];
    expect(shift).toMatchObject({ kind: "level_shift", dimension: "channel", dimensionValue: DROP_CHANNEL });
    expect(shift.direction).toBe("down");
    expect(lead.summary).toContain(DROP_CHANNEL);
    expect(lead.summary).toContain("Estimated effect over the period");
    // The total's breakdown follows, naming the same channel.
    const top = rows[1];
    expect(top.group).toBe("most_impactful");
    expect(top.funnelStage).toBe("evaluation");
    const findings = top.findings as StoredFinding[];
    const driver = findings.find((f) => f.kind === "driver");
    expect(driver).toMatchObject({ dimension: "channel", dimensionValue: DROP_CHANNEL, direction: "down" });
    expect(driver!.change).toBeLessThan(0);
    expect(findings.find((f) => f.kind === "change")).toMatchObject({ direction: "down" });
    expect(top.summary).toContain(DROP_CHANNEL);
    expect(top.impact).toBeGreaterThan(0.05);
    expect(top.chart).toMatchObject({ type: "contributions", dimension: "channel" });

    // Groups: at most 5 most impactful, every audit intention under data_quality, the rest other.
    const groups = rows.map((r) => r.group);
    expect(groups.filter((g) => g === "most_impactful").length).toBeLessThanOrEqual(5);
    for (const r of rows) {
      if (r.funnelStage === "audit") expect(r.group).toBe("data_quality");
      else if (r.group === "data_quality") throw new Error(`${r.intentionKey} is not an audit intention`);
    }
    expect(rows.some((r) => r.group === "other")).toBe(true);
    expect(rows.map((r) => r.rank)).toEqual(rows.map((_, i) => i + 1));
    // Every finding carries its generated sentence.
    for (const r of rows) for (const f of r.findings as StoredFinding[]) expect(f.narrative).toBeTruthy();
    // An expected range is in the units of its finding: a rate's range holds rates (the
    // conversion-rate change, planted as a drop, has its baseline rate inside its range).
    const rate = rows.find((r) => r.intentionKey === "conversion_rate_by_channel");
    const rateChange = (rate?.findings as StoredFinding[] | undefined)?.find((f) => f.kind === "change");
    expect(rateChange).toBeDefined();
    if (rateChange) {
      expect(rateChange.expectedLow!).toBeLessThanOrEqual(rateChange.baseline!);
      expect(rateChange.expectedHigh!).toBeGreaterThanOrEqual(rateChange.baseline!);
      expect(rateChange.expectedHigh!).toBeLessThan(1);
    }

    // Sessions did not move: that intention says so and keeps no findings.
    const flat = rows.find((r) => r.intentionKey === "sessions_by_channel")!;
    expect(flat.summary).toBe(NO_SIGNIFICANT_RESULTS);
    expect(flat.findings).toEqual([]);
    expect(flat.group).toBe("other");
    expect(flat.impact).toBe(0);

    // Intentions the data cannot answer (no leads, no campaign or query dimension) are left out.
    const keys = rows.map((r) => r.intentionKey);
    expect(keys).not.toContain("leads_by_channel");
    expect(keys).not.toContain("conversions_by_campaign");
    expect(keys).not.toContain("revenue_by_channel"); // ecommerce only
  });

  it("is idempotent: a re-run replaces the report's insights", async () => {
    const { project } = await reportWorld();
    const report = await insertReport(project);
    await generateReport(report.id);
    const first = await insightsOf(report.id);
    await generateReport(report.id);
    const second = await insightsOf(report.id);
    expect(second.length).toBe(first.length);
    expect(second.map((r) => [r.intentionKey, r.group, r.summary])).toEqual(
      first.map((r) => [r.intentionKey, r.group, r.summary]),
    );
    expect(new Set([...first, ...second].map((r) => r.id)).size).toBe(first.length * 2);
  });

  it("without the planted event the conversions intention finds nothing significant", async () => {
    const { project } = await reportWorld({ drop: false });
    const report = await insertReport(project);
    await generateReport(report.id);
    const rows = await insightsOf(report.id);
    const conversions = rows.find((r) => r.intentionKey === "conversions_by_channel")!;
    expect(conversions.summary).toBe(NO_SIGNIFICANT_RESULTS);
    expect(conversions.group).toBe("other");
  });

  it("moves queued → running → ready, and marks a failure failed with its message", async () => {
    const { project } = await reportWorld();
    const report = await insertReport(project);
    expect(report.status).toBe("queued");
    const seen: string[] = [];
    const poll = setInterval(() => {
      void db()
        .select({ status: reports.status })
        .from(reports)
        .where(eq(reports.id, report.id))
        .then(([r]) => r && seen.push(r.status));
    }, 5);
    await generateReport(report.id);
    clearInterval(poll);
    const [done] = await db().select().from(reports).where(eq(reports.id, report.id));
    expect(done.status).toBe("ready");

    expect(seen.every((s) => ["queued", "running", "ready"].includes(s))).toBe(true);

    // An inverted period (the API refuses it; here written directly) makes the generation throw:
    // the report records the failure and its message, and the job sees the error (retry policy).
    const broken = await insertReport(project);
    await db()
      .update(reports)
      .set({ periodStart: "2026-03-31", periodEnd: "2026-03-01" })
      .where(eq(reports.id, broken.id));
    const message = await generateReport(broken.id).then(
      () => null,
      (e: Error) => e.message,
    );
    expect(message).toBeTruthy();
    const [failed] = await db().select().from(reports).where(eq(reports.id, broken.id));
    expect(failed.status).toBe("failed");
    expect(failed.error).toBe(message);
  });

  it("a report deleted before it is written leaves nothing behind", async () => {
    const { project } = await reportWorld();
    const report = await insertReport(project);
    await db().delete(reports).where(eq(reports.id, report.id));
    expect((await generateReport(report.id)).status).toBe("missing");
    expect(await insightsOf(report.id)).toEqual([]);
  });

  it("rebuilds a source's daily rollup only when the source changed", async () => {
    const { project } = await reportWorld();
    await generateReport((await insertReport(project)).id);
    const [source] = await db().select().from(dataSources).where(eq(dataSources.projectId, project.id));
    const days = async () =>
      (
        await db()
          .select({ n: count() })
          .from(observationDailyTotals)
          .where(eq(observationDailyTotals.dataSourceId, source.id))
      )[0].n;
    expect(await days()).toBe(DAYS);
    expect(await ensureDailyTotals([source.id])).toBe(0);

    // An import replaces data and bumps the source's version (updated_at).
    await db().execute(sql`delete from observations where data_source_id = ${source.id} and date > '2026-03-21'`);
    await db().update(dataSources).set({ updatedAt: new Date() }).where(eq(dataSources.id, source.id));
    expect(await ensureDailyTotals([source.id])).toBe(1);
    expect(await days()).toBe(DAYS - 10);
    expect(await ensureDailyTotals([source.id])).toBe(0);
  });
});
