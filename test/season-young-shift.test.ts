import { describe, expect, it } from "vitest";
import { addDays, dayOfWeek } from "@/lib/dates";
import { insertReport } from "@/test/report-fixtures";
import { SHOP_WEEKLY, basketRevenue, noisyCounts } from "@/test/generated-shop";
import { uploadCsv, uploadWorld } from "@/test/data-source-fixtures";
import { generateReport } from "@/server/services/reports/generate-report";
import { db } from "@/server/db/client";
import { insights } from "@/server/db/schema";
import { eq } from "drizzle-orm";

// Two years of a shop whose sessions rise 80 % for the week of Nov 23 to 29 each year, reported on Nov 1 to 30: the
// data's last 8 days hold the week and one day after it. Last year's move was read over two weeks from the same date
// (the week and an ordinary one: +40 %), and the site's +79 % step was told as news. Read over the same 8 days last
// year it is the season's (engine/seasonal-label.ts, `daysAfter`).

const END = "2026-11-30";

function twoYearsCsv(seed: number): string {
  const z = noisyCounts(seed);
  const lines = ["date,channel,sessions,transactions,revenue"];
  for (let i = 0; i < 760; i++) {
    const date = addDays(END, -759 + i);
    const md = date.slice(5);
    const week = md >= "11-23" && md <= "11-29" ? 1.8 : 1;
    for (const [channel, mean, rate] of [
      ["Organic Search", 900, 0.02],
      ["Paid Search", 500, 0.03],
      ["Direct", 400, 0.025],
    ] as const) {
      const sessions = z.count(mean * SHOP_WEEKLY[dayOfWeek(date)] * week);
      const orders = z.count(sessions * rate);
      lines.push(`${date},${channel},${sessions},${orders},${basketRevenue(orders, z.z).toFixed(2)}`);
    }
  }
  return lines.join("\n");
}

type Shift = {
  kind: string;
  metric: string;
  dimensionValue: string | null;
  date: string;
  season?: { expected: boolean };
};

describe("a seasonal week at the end of the data", () => {
  it("is the season's when the same days last year rose as much", async () => {
    const { main, project, sourceId } = await uploadWorld();
    expect((await uploadCsv(sourceId, main.token, twoYearsCsv(41))).status).toBe(200);
    const queued = await insertReport(project, {
      periodStart: "2026-11-01",
      periodEnd: END,
      compareTo: "previous_year",
    });
    await generateReport(queued.id);
    const rows = await db().select().from(insights).where(eq(insights.reportId, queued.id)).orderBy(insights.rank);
    const steps = rows
      .flatMap((r) => r.findings as Shift[])
      .filter((f) => f.kind === "level_shift" && f.metric === "sessions" && f.date >= "2026-11-21");
    // The site's step and each channel's.
    expect(steps.length).toBeGreaterThanOrEqual(2);
    for (const step of steps) expect(step.season?.expected, JSON.stringify(step).slice(0, 300)).toBe(true);
    const trend = rows.find((r) => r.intentionKey === "sessions_trend")!;
    expect(trend.summary).toMatch(
      /Sessions shifted from about [\d,]+ to [\d,]+ a day on Nov 2\d, 2026 .*Expected for the season/,
    );
  });
});
