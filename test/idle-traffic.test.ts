import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { addDays, dayOfWeek } from "@/lib/dates";
import { analystNarrative } from "@/lib/insights/analyst-narrative";
import { gaussian, mulberry32 } from "@/lib/seeded-random";
import { db } from "@/server/db/client";
import { insights } from "@/server/db/schema";
import { generateReport } from "@/server/jobs/handlers/generate-report";
import { resetDatabase } from "@/test/db";
import { uploadCsv, uploadWorld } from "@/test/data-source-fixtures";
import { insertReport } from "@/test/report-fixtures";

// A shop with two days of extra traffic. On one, a crawler sent Direct five times its desktop sessions and not one
// more order; on the other, a newsletter tripled Email's visits and their orders with them. Both are unusual days of
// their channel's sessions. Counted at Direct's own revenue per session, the crawler's day read "Estimated effect
// over the period: +$1,066.95 revenue" for a day whose revenue was as usual.

const END = "2026-11-20";
const CRAWLED = addDays(END, -6);
const NEWSLETTER = addDays(END, -12);
const WEEKLY = [0.75, 1.08, 1.08, 1.08, 1.08, 1.08, 0.75];
const CHANNELS = [
  ["Organic Search", 900, 0.02],
  ["Paid Search", 500, 0.03],
  ["Direct", 400, 0.025],
  ["Email", 120, 0.04],
] as const;
const DEVICES = [
  ["desktop", 0.6],
  ["mobile", 0.4],
] as const;

function shopCsv(): string {
  const z = gaussian(mulberry32(17));
  const count = (mean: number) => Math.max(0, Math.round(mean + Math.sqrt(mean) * z()));
  const lines = ["date,channel,device,sessions,transactions,revenue"];
  for (let i = 0; i < 120; i++) {
    const date = addDays(END, -119 + i);
    for (const [channel, mean, rate] of CHANNELS)
      for (const [device, share] of DEVICES) {
        const visitors = count(
          mean * share * WEEKLY[dayOfWeek(date)] * (channel === "Email" && date === NEWSLETTER ? 3 : 1),
        );
        const orders = count(visitors * rate);
        const crawler = channel === "Direct" && device === "desktop" && date === CRAWLED ? 4 * visitors : 0;
        const revenue = Math.max(0, orders * 60 + 20 * Math.sqrt(orders) * z());
        lines.push(`${date},${channel},${device},${visitors + crawler},${orders},${revenue.toFixed(2)}`);
      }
  }
  return lines.join("\n");
}

type Stored = {
  kind: string;
  metric: string;
  dimension: string | null;
  dimensionValue: string | null;
  date?: string;
  kpiEffect?: number;
  idleTraffic?: { metric: string; actual: number; usual: number };
};

describe("a day of extra visits that brought no orders", () => {
  beforeEach(resetDatabase);

  it("says so, with no effect on revenue, while a newsletter's day keeps the revenue it brought", async () => {
    const { main, project, sourceId } = await uploadWorld();
    expect((await uploadCsv(sourceId, main.token, shopCsv())).status).toBe(200);
    const queued = await insertReport(project, { periodStart: addDays(END, -29), periodEnd: END });
    await generateReport(queued.id);
    const rows = await db().select().from(insights).where(eq(insights.reportId, queued.id)).orderBy(insights.rank);
    const watch = rows.find((r) => r.intentionKey === "segment_anomalies")!;
    const days = watch.findings as Stored[];
    const crawled = days.find((f) => f.date === CRAWLED && f.dimensionValue === "Direct" && f.metric === "sessions");
    expect(crawled?.idleTraffic).toMatchObject({ metric: "revenue" });
    expect(crawled!.kpiEffect).toBe(0);
    expect(watch.summary).toMatch(
      /^Sessions for Channel “Direct” on Nov 14, 2026 were [\d,]+, above the expected range/,
    );
    expect(watch.summary).toMatch(
      /The extra sessions brought no more revenue than usual: \$[\d,.]+ that day against about \$[\d,.]+ on that/,
    );
    const newsletter = days.find(
      (f) => f.date === NEWSLETTER && f.dimensionValue === "Email" && f.metric === "sessions",
    );
    expect(newsletter?.idleTraffic).toBeUndefined();
    expect(newsletter!.kpiEffect).toBeGreaterThan(0);
    // The next step, when the crawler's day leads: look for bots, not "what happened on Nov 14".
    const story = analystNarrative({ findings: [crawled as never], chart: null }, { currency: "USD" })!;
    expect(story.next).toMatch(
      /^Look at Direct's visits on Nov 14, 2026 by source, landing page and location for bots/,
    );
  });
});
