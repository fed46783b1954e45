import { beforeEach, describe, expect, it } from "vitest";
import { addDays } from "@/lib/dates";
import { resetDatabase } from "@/test/db";
import { SHOP_END, basketRevenue, channelDeviceCsv, reportOnShop } from "@/test/generated-shop";

// Shops whose sessions stepped while their orders did not. Doubled overnight in every channel and device (the
// analytics tag installed twice), a report said "Sessions rose … Estimated effect over the period: +€26,786.34
// revenue" and "Conversion rate fell … -€29,891.72 revenue" for a month whose revenue did not move. Cut by 40 % (a
// consent banner), it also called the data's last day "recorded only in part". Their twins: the same doubled sessions
// with the orders that real visitors bring, and one channel's sessions tripled without orders (a crawler, not the tag).

const STEP = addDays(SHOP_END, -9);

interface Plan {
  /** Sessions from STEP on, as a factor of the visitors, for a channel. */
  sessionsFactor: (channel: string) => number;
  /** Whether orders follow the counted sessions (real visitors) or the visitors before the step. */
  ordersFollow: boolean;
}

function shopCsv(plan: Plan, seed: number): string {
  return channelDeviceCsv(seed, ({ date, channel, rate, expected }, { count, z }) => {
    const visitors = count(expected);
    const counted = date >= STEP ? Math.round(visitors * plan.sessionsFactor(channel)) : visitors;
    const orders = count((plan.ordersFollow ? counted : visitors) * rate);
    return [counted, orders, basketRevenue(orders, z)];
  });
}

type Row = Awaited<ReturnType<typeof reportOnShop>>[number];
type Audit = { issue?: string; periodStart: string; direction: string | null; dimensions?: string[] };

const trackingChange = (rows: Row[]) =>
  (rows.find((r) => r.intentionKey === "tracking_gaps")!.findings as Audit[]).find(
    (f) => f.issue === "tracking_change",
  );

describe("sessions that stepped without their orders", () => {
  beforeEach(resetDatabase);

  it("are reported once as a tracking change, and the findings on sessions carry no revenue", async () => {
    const rows = await reportOnShop(shopCsv({ sessionsFactor: () => 2, ordersFollow: false }, 5));
    const audit = rows.find((r) => r.intentionKey === "tracking_gaps")!;
    expect(audit.group).toBe("data_quality");
    expect(trackingChange(rows)).toMatchObject({ periodStart: STEP, direction: "up" });
    expect(trackingChange(rows)!.dimensions!.sort()).toEqual(["channel", "device"]);
    expect(audit.summary).toMatch(
      /^Sessions rose by (9\d|1\d\d)\.\d% on Nov 11, 2026 \(about [\d,]+ to [\d,]+ a day\) in every channel and device/,
    );
    expect(audit.summary).toMatch(
      /at once, while revenue did not follow \([+-]\d+\.\d% against the same weekdays before\): most likely a change/,
    );
    // Sessions' level, their breakdowns and the rates per session: no effect on revenue, and each says why.
    for (const key of ["sessions_trend", "sessions_by_channel", "ecommerce_rate_by_channel"]) {
      const insight = rows.find((r) => r.intentionKey === key)!;
      expect(insight.summary, key).toMatch(/From Nov 11, 2026 sessions are counted differently/);
      expect(insight.kpiEffect, key).toBeNull();
      expect(insight.group, key).not.toBe("most_impactful");
    }
    expect(rows.map((r) => r.summary).join(" ")).not.toMatch(/Estimated effect over the period: [+-]€/);
  });

  it("cut by 40 % everywhere: a tracking change, and the last day at the new level is not a partial day", async () => {
    const rows = await reportOnShop(shopCsv({ sessionsFactor: () => 0.6, ordersFollow: false }, 6));
    expect(trackingChange(rows)).toMatchObject({ periodStart: STEP, direction: "down" });
    const audit = rows.find((r) => r.intentionKey === "tracking_gaps")!;
    expect(audit.summary).toMatch(/^Sessions fell by \d\d\.\d% on Nov 11, 2026 .* not lost visitors/);
    expect(audit.summary).not.toMatch(/recorded only in part/);
  });

  it("are real visitors when the orders came with them, or a crawler when one channel took the step", async () => {
    const real = await reportOnShop(shopCsv({ sessionsFactor: () => 2, ordersFollow: true }, 5));
    expect(trackingChange(real)).toBeUndefined();
    expect(real.map((r) => r.summary).join(" ")).not.toMatch(/counted differently/);
    expect(real.find((r) => r.intentionKey === "sessions_trend")!.summary).toMatch(/Sessions shifted from about/);

    const crawled = await reportOnShop(
      shopCsv({ sessionsFactor: (channel) => (channel === "Direct" ? 3 : 1), ordersFollow: false }, 5),
    );
    expect(trackingChange(crawled)).toBeUndefined();
    expect(crawled.map((r) => r.summary).join(" ")).not.toMatch(/counted differently/);
  });
});
