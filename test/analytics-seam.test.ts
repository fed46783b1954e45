import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { GoogleFake } from "@/e2e/fakes/google/server";
import { addDays } from "@/lib/dates";
import { db } from "@/server/db/client";
import { clientProjects, dataSources, insights, reports } from "@/server/db/schema";
import { analyticsSeams } from "@/server/insights/data/analytics-seam";
import { syncDataSource } from "@/server/services/data-sources/sync/run-sync";
import { generateReport } from "@/server/services/reports/generate-report";
import { headlineFigures } from "@/server/services/reports/report-kpis";
import { createSource, uploadCsv, uploadWorld } from "@/test/data-source-fixtures";
import { resetDatabase } from "@/test/db";
import { startGoogleForTests } from "@/test/google-fake";
import { signIn } from "@/test/google-sign-in-fixtures";
import { insertReport } from "@/test/report-fixtures";

// A project's Universal Analytics history (its exports, uploaded) before its Google Analytics 4 source (the Google
// fake's Data API): UA's channel names land on GA4's, the two read as one source across the switch, a report whose
// compared days lie on both sides says which come from which, and the step GA4's other counting makes on the day of
// the switch is told as the switch, never as a finding. The real UA export (../shared/real-exports) is read as UA's.

const FILES = path.resolve(import.meta.dirname, "../../shared/real-exports/files");
const TODAY = "2026-03-31";
/** The fake holds 59 days: GA4's first day is Feb 1, 2026. */
const GA4_FROM = "2026-02-01";
const UA_FROM = "2025-11-01";
/** UA's tag kept running ten days past GA4's first (most properties had both for a while): its last day is Feb 10. */
const UA_UNTIL = "2026-02-10";
/** UA counted 30 % more sessions than GA4 counts for the same visits (its sessions restarted at midnight...). */
const UA_COUNTS_MORE = 1.3;

let fake: GoogleFake;
beforeAll(async () => {
  fake = await startGoogleForTests({ ga4CombinationsPerDay: 24, historyDays: 59, today: TODAY });
});
afterAll(() => fake.close());
beforeEach(() => resetDatabase());

/** GA4's sessions over February, as its import stored them. */
async function ga4February(sourceId: string): Promise<number> {
  const { rows } = await db().execute<{ sessions: number }>(sql`
    select sum(sessions)::float8 as sessions from observations
    where data_source_id = ${sourceId} and date between '2026-02-01' and '2026-02-28'`);
  return rows[0].sessions;
}

/** GA4's sessions a day on each weekday (the fake's weekends are quieter), from what its import stored. */
async function ga4Weekdays(sourceId: string): Promise<number[]> {
  const { rows } = await db().execute<{ dow: number; sessions: number }>(sql`
    select extract(dow from date)::int as dow, avg(day)::float8 as sessions
    from (select date, sum(sessions) as day from observations where data_source_id = ${sourceId} group by date) d
    group by 1 order by 1`);
  return rows.map((r) => r.sessions);
}

/**
 * A UA channels export by day, as Universal Analytics wrote it (its `#` block, Default Channel Grouping with Day Index
 * in M/D/YY), over Nov 1, 2025 – Feb 10, 2026: Organic Search at GA4's weekday levels times UA_COUNTS_MORE, and a
 * little "(Other)". `plain`: the same rows under a plain header (a file that does not say it is UA's).
 */
function uaChannelsExport(weekdays: number[], plain = false): string {
  const lines = plain
    ? ["Channel,Date,Sessions,Users,Goal Completions"]
    : [
        "# ----------------------------------------",
        "# All Web Site Data",
        "# Channels",
        "# 20251101-20260210",
        "# ----------------------------------------",
        "",
        "Default Channel Grouping,Day Index,Sessions,Users,Goal Completions",
      ];
  for (let date = UA_FROM, i = 0; date <= UA_UNTIL; date = addDays(date, 1), i++) {
    const dow = new Date(`${date}T00:00:00Z`).getUTCDay();
    const jitter = 1 + 0.04 * Math.sin(i * 1.7);
    const sessions = Math.round(weekdays[dow] * UA_COUNTS_MORE * jitter);
    const [y, m, d] = date.split("-").map(Number);
    const day = plain ? date : `${m}/${d}/${String(y).slice(2)}`;
    lines.push(`Organic Search,${day},${sessions},${Math.round(sessions * 0.8)},${Math.round(sessions * 0.08)}`);
    lines.push(`(Other),${day},${3 + (i % 3)},${2 + (i % 2)},0`);
  }
  return lines.join("\n") + "\n";
}

/** A project with the fake's GA4 property imported and a UA export uploaded beside it; a report of February. */
async function seamWorld(plain = false) {
  const { main, project, sourceId: uaId } = await uploadWorld();
  await signIn(fake, main.token);
  const created = await createSource(project.id, main.token, {
    kind: "google",
    subType: "analytic-4",
    additional: { analyticAccount: "accounts/100", analyticProperty: "properties/1001" },
  });
  expect(created.status).toBe(201);
  const ga4Id = created.body._id as string;
  expect((await syncDataSource(ga4Id)).status).toBe("succeeded");
  const upload = await uploadCsv(uaId, main.token, uaChannelsExport(await ga4Weekdays(ga4Id), plain), "Channels.csv");
  expect(upload.status, JSON.stringify(upload.body)).toBe(200);
  const report = await insertReport(project, { periodStart: "2026-02-01", periodEnd: "2026-02-28" });
  await generateReport(report.id);
  const [done] = await db().select().from(reports).where(eq(reports.id, report.id));
  expect(done.status).toBe("ready");
  const [row] = await db().select().from(clientProjects).where(eq(clientProjects.id, project.id));
  const found = await db().select().from(insights).where(eq(insights.reportId, report.id));
  return { project: row, report: done, uaId, ga4Id, upload: upload.body, insights: found };
}

const TRAFFIC = new Set(["sessions", "users", "newUsers", "conversions", "pageviews", "engagedSessions"]);

describe("Universal Analytics history before a GA4 source", () => {
  it("reads the two as one source, says which days come from which, and tells GA4's other counting as the switch", async () => {
    const world = await seamWorld();
    // UA's channels as GA4 names them: "(Other)" is GA4's Unassigned.
    expect(world.upload.generation).toBe("ua");
    expect(world.upload.notes.join(" ")).toMatch(/\(Other\) as Unassigned/);
    const channels = await db().execute<{ channel: string }>(sql`
      select distinct d.channel from observations o join dimension_sets d on d.id = o.dimension_set_id
      where o.data_source_id = ${world.uaId} order by 1`);
    expect(channels.rows.map((r) => r.channel)).toEqual(["Organic Search", "Unassigned"]);
    const [source] = await db().select().from(dataSources).where(eq(dataSources.id, world.uaId));
    expect((source.additional.upload as { generation?: string }).generation).toBe("ua");

    expect(await analyticsSeams([world.uaId, world.ga4Id])).toEqual([
      { legacyId: world.uaId, currentId: world.ga4Id, from: GA4_FROM, legacyFirst: UA_FROM },
    ]);

    // The report's one line on its sources, in its Data Quality Audit's stored narration.
    const seam = world.insights
      .flatMap((i) => i.findings)
      .find((f) => (f as { issue?: string }).issue === "analytics_seam");
    expect(seam).toMatchObject({ periodStart: GA4_FROM, legacyFrom: "2026-01-04", legacyTo: "2026-01-31" });
    const audit = world.insights.find((i) => i.findings.includes(seam!))!;
    const told = JSON.stringify(audit.narration);
    expect(told).toContain(
      "Jan 4, 2026 – Jan 31, 2026 from Universal Analytics exports, Feb 1, 2026 on from Google Analytics 4",
    );
    expect(told).toContain("GA4 counts sessions differently from Universal Analytics");
    // Sessions a day: UA's 30 % more before the switch than GA4's after.
    expect((seam!.baseline ?? 0) / (seam!.current ?? 1)).toBeGreaterThan(1.2);

    // No finding of the switch's step: no change of the analytics' traffic against UA's January, no shift, trend
    // change or unusual day near Feb 1 (GA4's own unusual days later in February are news as any).
    const traffic = world.insights
      .filter((i) => i.funnelStage !== "audit")
      .flatMap((i) => i.findings)
      .filter((f) => TRAFFIC.has(f.metric));
    const nearSwitch = (date: string) => Math.abs(Date.parse(date) - Date.parse(GA4_FROM)) <= 14 * 86_400_000;
    const ofSwitch = traffic.filter((f) =>
      f.kind === "anomaly" || f.kind === "level_shift" || f.kind === "trend" ? nearSwitch(f.periodStart) : true,
    );
    expect(ofSwitch).toEqual([]);

    // The headline figures read the same source: February from GA4 (UA's days after GA4's first are not read), January
    // from UA.
    const { kpis } = await headlineFigures(world.report, world.project);
    const sessions = kpis.find((k) => k.metric === "sessions")!;
    expect(sessions.current).toBe(await ga4February(world.ga4Id));
    expect(sessions.baseline! / sessions.current!).toBeGreaterThan(1.2);
  });

  it("without knowing the file is Universal Analytics', the two stay apart and February is read from UA (the control)", async () => {
    const world = await seamWorld(true);
    expect(world.upload.generation).toBeUndefined();
    expect(await analyticsSeams([world.uaId, world.ga4Id])).toEqual([]);
    const { kpis } = await headlineFigures(world.report, world.project);
    // Sessions are read from the source with the most days, UA's, which has ten days of February.
    const sessions = kpis.find((k) => k.metric === "sessions")!;
    expect(sessions.current).not.toBe(await ga4February(world.ga4Id));
  });

  it("reads the real Universal Analytics export (users by Day Index) as UA's", async () => {
    const { main, sourceId } = await uploadWorld();
    const file = "ua-gmerch-demo-day-index-users-jan2019.csv";
    const res = await uploadCsv(sourceId, main.token, fs.readFileSync(path.join(FILES, file)), file);
    expect(res.status).toBe(200);
    expect(res.body.generation).toBe("ua");
    expect(res.body.dateRange).toEqual({ start: "2019-01-01", end: "2019-01-31" });
  });
});
