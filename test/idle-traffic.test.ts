import { beforeEach, describe, expect, it } from "vitest";
import { addDays } from "@/lib/dates";
import { analystNarrative } from "@/lib/insights/narrate/analyst";
import { resetDatabase } from "@/test/db";
import { SHOP_END, basketRevenue, channelDeviceCsv, reportOnShop } from "@/test/generated-shop";

// A shop with two days of extra traffic. On one, a crawler sent Direct five times its desktop sessions and not one
// more order; on the other, a newsletter tripled Email's visits and their orders with them. Both are unusual days of
// their channel's sessions. Counted at Direct's own revenue per session, the crawler's day read "Estimated effect
// over the period: +$1,066.95 revenue" for a day whose revenue was as usual.

const CRAWLED = addDays(SHOP_END, -6);
const NEWSLETTER = addDays(SHOP_END, -12);

function shopCsv(): string {
  return channelDeviceCsv(17, ({ date, channel, device, rate, expected }, { count, z }) => {
    const sent = channel === "Email" && date === NEWSLETTER ? 3 : 1;
    const visitors = count(expected * sent);
    const orders = count(visitors * rate);
    const crawler = channel === "Direct" && device === "desktop" && date === CRAWLED ? 4 * visitors : 0;
    return [visitors + crawler, orders, basketRevenue(orders, z)];
  });
}

type Stored = {
  metric: string;
  dimensionValue: string | null;
  date?: string;
  kpiEffect?: number;
  idleTraffic?: { metric: string; actual: number; usual: number };
};

describe("a day of extra visits that brought no orders", () => {
  beforeEach(resetDatabase);

  it("says so, with no effect on revenue, while a newsletter's day keeps the revenue it brought", async () => {
    const rows = await reportOnShop(shopCsv());
    const watch = rows.find((r) => r.intentionKey === "segment_anomalies")!;
    const days = watch.findings as Stored[];
    const crawled = days.find((f) => f.date === CRAWLED && f.dimensionValue === "Direct" && f.metric === "sessions");
    expect(crawled?.idleTraffic).toMatchObject({ metric: "revenue" });
    expect(crawled!.kpiEffect).toBe(0);
    expect(watch.summary).toMatch(
      /Sessions for Channel “Direct” on Nov 14, 2026 were [\d,]+, above the expected range/,
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
