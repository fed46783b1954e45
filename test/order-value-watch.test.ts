import { beforeEach, describe, expect, it } from "vitest";
import { addDays, dayOfWeek } from "@/lib/dates";
import { resetDatabase } from "@/test/db";
import { SHOP_CHANNELS, SHOP_START, SHOP_WEEKLY, noisyCounts, reportOnShop, shopDays } from "@/test/generated-shop";

// A shop whose Paid Search baskets lost a third of their value on the period's 11th day (a discount code that leaked,
// a cheaper product pushed by the campaigns), its orders as many as before. Paid Search's revenue fell by a third
// too, but a day's revenue of 15 orders moves by a quarter with the order count alone, and the site's average order
// value by 6 %: nothing was reported. Each large segment's average order value is now watched for level shifts.

const CHEAPER_FROM = addDays(SHOP_START, 10);

/** Orders at about $60 each (each basket's value varies by $20), Paid Search's at $40 from `cheaperFrom` on. */
function shopCsv(seed: number, cheaperFrom: string | null): string {
  const { count, z } = noisyCounts(seed);
  const lines = ["date,channel,sessions,transactions,revenue"];
  for (const date of shopDays())
    for (const [channel, mean, rate] of SHOP_CHANNELS) {
      const sessions = count(mean * SHOP_WEEKLY[dayOfWeek(date)]);
      const orders = count(sessions * rate);
      const basket = channel === "Paid Search" && cheaperFrom !== null && date >= cheaperFrom ? 40 : 60;
      const revenue = Math.max(0, orders * basket + 20 * Math.sqrt(orders) * z());
      lines.push(`${date},${channel},${sessions},${orders},${revenue.toFixed(2)}`);
    }
  return lines.join("\n");
}

type Stored = { kind: string; metric: string; dimensionValue: string | null; date?: string; kpiEffect?: number };

describe("a segment's average order value", () => {
  beforeEach(resetDatabase);

  it("is watched for level shifts: a channel's cheaper baskets are dated, in money per order", async () => {
    const rows = await reportOnShop(shopCsv(5, CHEAPER_FROM));
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
    const rows = await reportOnShop(shopCsv(5, null));
    const found = rows.flatMap((r) => r.findings as Stored[]).filter((f) => f.metric === "averageOrderValue");
    expect(found.filter((f) => f.kind === "level_shift")).toEqual([]);
  });
});
