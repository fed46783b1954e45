import { beforeEach, describe, expect, it } from "vitest";
import { addDays, dayOfWeek } from "@/lib/dates";
import { gaussian, mulberry32 } from "@/lib/seeded-random";
import { eq } from "drizzle-orm";
import { db } from "@/server/db/client";
import { insights } from "@/server/db/schema";
import { generateReport } from "@/server/jobs/handlers/generate-report";
import { resetDatabase } from "@/test/db";
import { uploadCsv, uploadWorld } from "@/test/data-source-fixtures";
import { insertReport } from "@/test/report-fixtures";

// A shop whose Paid Search baskets lost a third of their value on the period's 11th day (a discount code that leaked,
// a cheaper product pushed by the campaigns), its orders as many as before. Paid Search's revenue fell by a third
// too, but a day's revenue of 15 orders moves by a quarter with the order count alone, and the site's average order
// value by 6 %: nothing was reported. Each large segment's average order value is now watched for level shifts.

const END = "2026-11-20";
const START = addDays(END, -29);
const CHEAPER_FROM = addDays(START, 10);
const WEEKLY = [0.75, 1.08, 1.08, 1.08, 1.08, 1.08, 0.75];
const CHANNELS = [
  ["Organic Search", 900, 0.02],
  ["Paid Search", 500, 0.03],
  ["Direct", 400, 0.025],
  ["Email", 120, 0.04],
] as const;

/** Orders at about $60 each (each basket's value varies by $20), Paid Search's at $40 from `cheaperFrom` on. */
function shopCsv(seed: number, cheaperFrom: string | null): string {
  const z = gaussian(mulberry32(seed));
  const lines = ["date,channel,sessions,transactions,revenue"];
  for (let i = 0; i < 120; i++) {
    const date = addDays(END, -119 + i);
    for (const [channel, mean, rate] of CHANNELS) {
      const m = mean * WEEKLY[dayOfWeek(date)];
      const sessions = Math.max(0, Math.round(m + Math.sqrt(m) * z()));
      const orders = Math.max(0, Math.round(sessions * rate + Math.sqrt(sessions * rate) * z()));
      const basket = channel === "Paid Search" && cheaperFrom !== null && date >= cheaperFrom ? 40 : 60;
      const revenue = Math.max(0, orders * basket + 20 * Math.sqrt(orders) * z());
      lines.push(`${date},${channel},${sessions},${orders},${revenue.toFixed(2)}`);
    }
  }
  return lines.join("\n");
}

type Stored = { kind: string; metric: string; dimensionValue: string | null; date?: string; kpiEffect?: number };

async function report(csv: string) {
  const { main, project, sourceId } = await uploadWorld();
  expect((await uploadCsv(sourceId, main.token, csv)).status).toBe(200);
  const queued = await insertReport(project, { periodStart: START, periodEnd: END });
  await generateReport(queued.id);
  return db().select().from(insights).where(eq(insights.reportId, queued.id)).orderBy(insights.rank);
}

describe("a segment's average order value", () => {
  beforeEach(resetDatabase);

  it("is watched for level shifts: a channel's cheaper baskets are dated, in money per order", async () => {
    const rows = await report(shopCsv(5, CHEAPER_FROM));
    const watch = rows.find((r) => r.intentionKey === "segment_level_shifts");
    const shift = (watch?.findings as Stored[] | undefined)?.find((f) => f.metric === "averageOrderValue");
    expect(shift).toMatchObject({ kind: "level_shift", dimensionValue: "Paid Search" });
    expect(Math.abs(Date.parse(shift!.date!) - Date.parse(CHEAPER_FROM))).toBeLessThanOrEqual(86_400_000);
    // About $20 less on each of some 300 orders since.
    expect(shift!.kpiEffect).toBeLessThan(-3_000);
    expect(shift!.kpiEffect).toBeGreaterThan(-9_000);
    // The project's currency is the dollar.
    expect(watch!.summary).toMatch(
      /Average order value for Channel “Paid Search” shifted from about \$(5\d|6\d)\.\d\d to \$(3\d|4[0-5])\.\d\d on /,
    );
    expect(watch!.summary).not.toMatch(/Average order value[^.]*a day/);
  });

  it("reports nothing on the same shop without the change", async () => {
    const rows = await report(shopCsv(5, null));
    const found = rows.flatMap((r) => r.findings as Stored[]).filter((f) => f.metric === "averageOrderValue");
    expect(found.filter((f) => f.kind === "level_shift")).toEqual([]);
  });
});
