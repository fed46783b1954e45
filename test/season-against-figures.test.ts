import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { addDays, dayOfWeek } from "@/lib/dates";
import { figureReading } from "@/lib/insights/headline-kpis";
import { analystNarrative } from "@/lib/insights/narrate/analyst";
import { gaussian, mulberry32 } from "@/lib/seeded-random";
import * as kpisRoute from "@/app/api/reports/[id]/kpis/route";
import * as dashboardRoute from "@/app/api/dashboard/route";
import { db } from "@/server/db/client";
import { clientProjects, insights } from "@/server/db/schema";
import { generateReport } from "@/server/services/reports/generate-report";
import { call } from "@/test/api";
import { resetDatabase } from "@/test/db";
import { uploadCsv, uploadWorld } from "@/test/data-source-fixtures";
import { insertReport } from "@/test/report-fixtures";

// A content site whose every channel rises by 30 % each November, two Novembers uploaded. This November it rose
// by 30 % again (the season: no news), or by only 8 % (short of the season). The period's change is judged against
// what the same weeks did last year in the insights that break it down by channel and in the report's header
// figures alike, and a rise short of the season's is neither green nor told as a plain rise.

const END = "2026-11-30";
const WEEKLY = [0.7, 1.1, 1.15, 1.1, 1.05, 1.0, 0.75];
const CHANNELS = [
  ["Organic Search", 900],
  ["Direct", 400],
  ["Referral", 200],
] as const;

/** `days` of data to END; `growth`: the yearly growth on top of the season. */
function contentCsv(thisNovember: number, days = 440, growth = 1): string {
  const z = gaussian(mulberry32(11));
  const lines = ["date,channel,sessions,engagedSessions,pageviews"];
  for (let i = 0; i < days; i++) {
    const date = addDays(END, -(days - 1) + i);
    const grown = growth ** (i / 364);
    const november = date.slice(5, 7) === "11" ? (date >= "2026" ? thisNovember : 1.3) : 1;
    for (const [channel, mean] of CHANNELS) {
      const sessions = Math.round(mean * grown * WEEKLY[dayOfWeek(date)] * november * (1 + 0.05 * z()));
      const engaged = Math.round(sessions * 0.6 * (1 + 0.03 * z()));
      lines.push(`${date},${channel},${sessions},${engaged},${Math.round(sessions * 2.2)}`);
    }
  }
  return lines.join("\n");
}

async function report(thisNovember: number, compareTo: "previous_period" | "previous_year" = "previous_period") {
  const { main, project, sourceId, viewer } = await uploadWorld();
  await db().update(clientProjects).set({ siteType: "content" }).where(eq(clientProjects.id, project.id));
  const csv = compareTo === "previous_year" ? contentCsv(thisNovember, 800, 1.15) : contentCsv(thisNovember);
  expect((await uploadCsv(sourceId, main.token, csv)).status).toBe(200);
  const queued = await insertReport(project, { periodStart: addDays(END, -29), periodEnd: END, compareTo });
  await generateReport(queued.id);
  const rows = await db().select().from(insights).where(eq(insights.reportId, queued.id)).orderBy(insights.rank);
  const figures = await call(kpisRoute.GET, {
    path: `/api/reports/${queued.id}/kpis`,
    params: { id: queued.id },
    token: viewer.token,
  });
  expect(figures.status).toBe(200);
  const sessions = (figures.body.kpis as Parameters<typeof figureReading>[0][]).find((k) => k.metric === "sessions")!;
  const byChannel = rows.find((r) => r.intentionKey === "sessions_by_channel")!;
  return { sessions, byChannel };
}

type Total = {
  kind: string;
  dimension: string | null;
  current: number;
  sentiment: string;
  season?: { expected: boolean; expectedCurrent: number; lastYearChangePct: number };
};

describe("a period's change against the season", () => {
  beforeEach(resetDatabase);

  it("labels a rise the same weeks made last year expected, in the breakdown and the header alike", async () => {
    const { sessions, byChannel } = await report(1.3);
    const total = (byChannel.findings as Total[]).find((f) => f.kind === "change" && !f.dimension)!;
    expect(total.season).toMatchObject({ expected: true });
    expect(total.season!.lastYearChangePct).toBeGreaterThan(0.2);
    // No impact: it ranks below the news, and is not coloured as good news.
    expect(byChannel.group).not.toBe("most_impactful");
    expect(total.sentiment).toBe("neutral");
    const reading = figureReading(sessions);
    expect(reading.tone).toBe("neutral");
    expect(reading.note).toMatch(/^Expected for the season \(\+\d+(\.\d)? % a year ago\)$/);
  });

  it("tells the dashboard's tile what the season did too", async () => {
    const { main, project, sourceId } = await uploadWorld();
    await db().update(clientProjects).set({ siteType: "content" }).where(eq(clientProjects.id, project.id));
    expect((await uploadCsv(sourceId, main.token, contentCsv(1.3))).status).toBe(200);
    const res = await call(dashboardRoute.GET, { path: "/api/dashboard", token: main.token });
    expect(res.status).toBe(200);
    type Tile = { key: string; significant: boolean | null; season?: { expected: boolean } | null };
    const tiles = (res.body.clients as { projects: { _id: string; kpis: Tile[] }[] }[])
      .flatMap((c) => c.projects)
      .find((p) => p._id === project.id)!.kpis;
    const sessions = tiles.find((k) => k.key === "sessions")!;
    // The last 28 days (November's) against the 28 before: the rise the same weeks made last year.
    expect(sessions.significant).toBe(true);
    expect(sessions.season).toMatchObject({ expected: true });
  });

  it("tells a rise short of the season's as a shortfall, in the breakdown and the header alike", async () => {
    const { sessions, byChannel } = await report(1.08);
    const total = (byChannel.findings as Total[]).find((f) => f.kind === "change" && !f.dimension)!;
    expect(total.season).toMatchObject({ expected: false });
    expect(total.current).toBeLessThan(total.season!.expectedCurrent);
    expect(byChannel.summary).toMatch(
      /The season alone predicts [\d,]+ \(the same weeks last year moved \+\d+\.\d%\): [\d,]+ short of it\./,
    );
    // A rise, but short of the season: not green, and the analyst's headline says by how much.
    expect(total.sentiment).toBe("neutral");
    const story = analystNarrative({ findings: byChannel.findings as never, chart: null }, { currency: "EUR" })!;
    expect(story.headline).toMatch(/^Sessions rose .*\. The season alone predicted [\d,]+ \(/);
    expect(story.headline).toMatch(/\(the same weeks last year moved \+\d+(\.\d)? %\): [\d,]+ short of it\.$/);
    expect(story.next).toMatch(/fell behind the season/);

    expect(sessions.season).toMatchObject({ expected: false });
    const reading = figureReading(sessions);
    expect(reading).toMatchObject({ tone: "neutral", direction: "up" });
    expect(reading.note).toMatch(/^Short of the season \(\+\d+(\.\d)? % a year ago\)$/);
  });

  it("leaves a change against last year's same weeks unlabelled: the season is on both sides of it", async () => {
    // Two years of 15 % growth: this November against last November repeats last year's +15 %, which is growth.
    const { byChannel } = await report(1.3, "previous_year");
    const total = (byChannel.findings as Total[]).find((f) => f.kind === "change" && !f.dimension)!;
    expect(total.current).toBeGreaterThan(0);
    expect(total.season).toBeUndefined();
    expect(byChannel.summary).not.toMatch(/season/);
  });
});
