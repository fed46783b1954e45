import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays } from "@/lib/dates";
import { SeededRandom } from "@/lib/seeded-random";
import { db } from "@/server/db/client";
import { insights, reports } from "@/server/db/schema";
import { generateReport } from "@/server/services/reports/generate-report";
import { uploadCsv, uploadWorld } from "@/test/data-source-fixtures";
import { resetDatabase } from "@/test/db";
import { insertReport } from "@/test/report-fixtures";

// A Meta Ads Manager export by campaign and day (its "Day" breakdown: a row per campaign per day it delivered), made
// here with a seed: three campaigns over 120 days, one of which stops serving ten days into the report's last 28.
// Its spend fell to none because it stopped, with its clicks and impressions: that is no efficiency gain, and the
// report must not read it as "An improvement: lower cost is better", nor colour it as good news.

const END = "2026-11-29";
const DAYS = 120;
const STOP = addDays(END, -17);
const PERIOD = { periodStart: addDays(END, -27), periodEnd: END };
const STOPPED = "Retargeting - Summer Sale";
const CAMPAIGNS = [
  { name: "Prospecting - Broad", spend: 180, cpc: 0.9 },
  { name: STOPPED, spend: 120, cpc: 0.6 },
  { name: "Brand - Search", spend: 60, cpc: 0.4 },
];

/** The export's rows, and each campaign's spend by day as the file holds it (none on a day without a row). */
function metaExport(): { csv: string; spend: Map<string, Map<string, number>> } {
  const random = new SeededRandom(56);
  const lines = ["Campaign name,Day,Impressions,Amount spent (USD),Link clicks,Purchases"];
  const spend = new Map(CAMPAIGNS.map((c) => [c.name, new Map<string, number>()]));
  for (let i = 0; i < DAYS; i++) {
    const day = addDays(END, -(DAYS - 1 - i));
    for (const c of CAMPAIGNS) {
      // A stopped campaign delivers nothing: Ads Manager writes no row for it.
      if (c.name === STOPPED && day >= STOP) continue;
      const cost = Math.round(c.spend * (1 + 0.08 * random.normal()) * 100) / 100;
      const clicks = Math.round(cost / (c.cpc * (1 + 0.05 * random.normal())));
      const impressions = Math.round(clicks * 60 * (1 + 0.05 * random.normal()));
      const purchases = Math.max(0, Math.round(clicks * 0.03 + random.normal()));
      lines.push(`${c.name},${day},${impressions},${cost.toFixed(2)},${clicks},${purchases}`);
      spend.get(c.name)!.set(day, cost);
    }
  }
  return { csv: lines.join("\n"), spend };
}

interface StoredFinding {
  kind: string;
  metric: string;
  dimension: string | null;
  dimensionValue: string | null;
  periodStart: string;
  current: number | null;
  baseline: number | null;
  direction: string | null;
  sentiment?: string;
  narrative: string;
}
const { csv, spend } = metaExport();
let rows: (typeof insights.$inferSelect)[];

beforeAll(async () => {
  await resetDatabase();
  const { main, project, sourceId } = await uploadWorld();
  const upload = await uploadCsv(sourceId, main.token, csv, "Untitled-report-Aug-3-2026-to-Nov-29-2026_Day.csv");
  expect(upload.status).toBe(200);
  const report = await insertReport(project, PERIOD);
  await generateReport(report.id);
  const [done] = await db().select().from(reports).where(eq(reports.id, report.id));
  expect(done).toMatchObject({ status: "ready", error: null });
  rows = await db().select().from(insights).where(eq(insights.reportId, report.id)).orderBy(asc(insights.rank));
}, 120_000);

const all = () => rows.flatMap((r) => r.findings as StoredFinding[]);
const ofCost = () => all().filter((f) => f.metric === "cost");

describe("a campaign that stopped serving", () => {
  it("is never told as an improvement in cost, nor coloured as good news", () => {
    expect(ofCost().length).toBeGreaterThan(0);
    for (const f of ofCost()) {
      expect(f.narrative).not.toMatch(/improvement|deterioration|lower cost is better/i);
      expect(f.sentiment ?? "neutral", f.narrative).toBe("neutral");
    }
    for (const r of rows) expect(`${r.summary} ${JSON.stringify(r.narration)}`).not.toMatch(/lower cost is better/);
  });

  it("tells the account's fall of spend with the file's own sums, and no judgement", () => {
    const sum = (from: string, to: string) =>
      [...spend.values()]
        .flatMap((days) => [...days].filter(([d]) => d >= from && d <= to).map(([, v]) => v))
        .reduce((a, b) => a + b, 0);
    const total = ofCost().find((f) => f.kind === "change" && f.dimension === null)!;
    expect(total.current).toBeCloseTo(sum(PERIOD.periodStart, PERIOD.periodEnd), 2);
    expect(total.baseline).toBeCloseTo(sum(addDays(PERIOD.periodStart, -28), addDays(PERIOD.periodStart, -1)), 2);
    expect(total.narrative).toMatch(/^Cost fell to \$[\d,.]+ from Nov 2, 2026 to Nov 29, 2026/);
  });

  it("is told as ads that stopped serving, at the file's own spend before the stop", () => {
    const stopped = ofCost().filter(
      (f) => f.kind === "level_shift" && f.dimensionValue === STOPPED && f.direction === "down",
    );
    expect(stopped.map((f) => f.narrative)).toEqual([expect.stringContaining(`“${STOPPED}” stopped serving`)]);
    const [f] = stopped;
    expect(f.periodStart).toBe(STOP);
    expect(f.current).toBeCloseTo(0, 2);
    // The level before: the campaign's mean spend a day over the weeks before the stop, as the file holds it.
    const before = [...spend.get(STOPPED)!].filter(([d]) => d < STOP && d >= addDays(STOP, -28)).map(([, v]) => v);
    const mean = before.reduce((a, b) => a + b, 0) / before.length;
    expect(Math.abs(f.baseline! - mean) / mean).toBeLessThan(0.05);
    expect(f.narrative).toContain(
      "stopped serving (spend fell to $0.00 a day): a pause or a spent budget, not a saving.",
    );
    // The insight that tells the stop asks why it stopped serving, not to check a tag or to reset cost targets.
    const told = rows.find((r) => (r.findings as StoredFinding[]).some((x) => x.narrative === f.narrative))!;
    expect((told.narration as { next: string }).next).toMatch(
      new RegExp(`^Check why the ${STOPPED} campaign stopped serving on Nov 12, 2026 \\(paused, out of budget`),
    );
  });
});
