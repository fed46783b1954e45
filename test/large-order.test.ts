import { beforeEach, describe, expect, it } from "vitest";
import { addDays } from "@/lib/dates";
import { resetDatabase } from "@/test/db";
import { SHOP_END, basketRevenue, channelDeviceCsv, reportOnShop } from "@/test/generated-shop";

// A shop where one order of $6,000 landed on an ordinary day of Direct's desktop visits. On such a file (in euros, a
// desktop segment) the report said "Of the rise, -€26.99 came from traffic (sessions -1.3%) and +€5,408.01 from the
// rate (€1.58 per session → €5.81 per session)": revenue per session, which cannot tell one large order from more
// buyers.

const LARGE_ORDER_DAY = addDays(SHOP_END, -8);

function shopCsv(): string {
  return channelDeviceCsv(23, ({ date, channel, device, rate, expected }, { count, z }) => {
    const visitors = count(expected);
    const large = channel === "Direct" && device === "desktop" && date === LARGE_ORDER_DAY;
    const orders = count(visitors * rate) + (large ? 1 : 0);
    return [visitors, orders, basketRevenue(orders, z) + (large ? 6000 : 0)];
  });
}

type Stored = {
  metric: string;
  dimensionValue: string | null;
  date?: string;
  mixRate?: { volumeEffect: number; rateEffect: number; valueEffect?: number; valueAfter?: number };
};

describe("a day's revenue carried by one large order", () => {
  beforeEach(resetDatabase);

  it("is told as the order value's, beside traffic and the conversion rate", async () => {
    const rows = await reportOnShop(shopCsv());
    const watch = rows.find((r) => r.intentionKey === "segment_anomalies")!;
    const day = (watch.findings as Stored[]).find(
      (f) => f.metric === "revenue" && f.date === LARGE_ORDER_DAY && f.dimensionValue !== null,
    )!;
    const split = day.mixRate!;
    expect(split.valueEffect).toBeGreaterThan(4000);
    expect(Math.abs(split.volumeEffect) + Math.abs(split.rateEffect)).toBeLessThan(split.valueEffect! / 4);
    const money = String.raw`[+-]?(\$[\d,.]+|almost nothing)`;
    const parts = [
      String.raw`Of the rise, ${money} came from traffic \(sessions [+-][\d.]+%\), `,
      String.raw`${money} from the conversion rate \([\d.]+% → [\d.]+%\) `,
      String.raw`and \+\$[\d,.]+ from the order value \(\$[\d,.]+ per order → \$[\d,.]+ per order\)`,
    ];
    expect(watch.summary).toMatch(new RegExp(parts.join("")));
  });
});
