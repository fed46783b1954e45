import { beforeAll, describe, expect, it } from "vitest";
import { addDays, dayNumber, dayOfWeek } from "@/lib/dates";
import { mulberry32, poisson } from "@/lib/seeded-random";
import { resetDatabase } from "@/test/db";
import { reportOnShop, SHOP_END, SHOP_WEEKLY, shopDays } from "@/test/generated-shop";

// A Google Ads export whose "Generic" campaign stopped converting 13 days before the data ends while its clicks went
// on (its conversion tracking broke): about 3 conversions a day, then none. The level shift scan read it as a slope
// change a month earlier at p = 7·10⁻⁴ and the report said nothing; the run of empty days is now judged by itself
// (server/insights/detectors/stopped-series.ts).

const STOP = addDays(SHOP_END, -12);
const CAMPAIGNS = ["Brand", "Generic", "Display", "Shopping"];

function adsCsv(seed: number, stops: boolean): string {
  const draw = poisson(mulberry32(seed));
  const lines = ["date,campaign,impressions,clicks,cost,conversions,revenue"];
  for (const date of shopDays())
    for (const campaign of CAMPAIGNS) {
      const clicks = draw(60 * SHOP_WEEKLY[dayOfWeek(date)]);
      const conversions = stops && campaign === "Generic" && date >= STOP ? 0 : draw(clicks * 0.05);
      lines.push(
        `${date},${campaign},${draw(900)},${clicks},${(clicks * 1.1).toFixed(2)},${conversions},${(conversions * 70).toFixed(2)}`,
      );
    }
  return lines.join("\n");
}

type Shift = { kind: string; metric: string; dimensionValue: string | null; date: string; direction: string };

describe("a campaign whose conversions stopped while its clicks went on", () => {
  beforeAll(resetDatabase);

  it.each([1, 2, 3])("is reported with its day and campaign (seed %i), and not on its noise twin", async (seed) => {
    const rows = await reportOnShop(adsCsv(seed, true), "ecommerce");
    const shifts = rows.flatMap((r) => (r.findings as Shift[]).map((f) => ({ ...f, summary: r.summary })));
    const stop = shifts.find(
      (f) => f.kind === "level_shift" && f.metric === "conversions" && f.dimensionValue === "Generic",
    );
    expect(stop, rows.map((r) => r.summary).join("\n")).toBeDefined();
    expect(stop!.direction).toBe("down");
    expect(Math.abs(dayNumber(stop!.date) - dayNumber(STOP))).toBeLessThanOrEqual(1);
    expect(stop!.summary).toMatch(/Conversions for Campaign “Generic” shifted from about \d+ to 0 a day/);

    const twin = await reportOnShop(adsCsv(seed, false), "ecommerce");
    const generic = twin.flatMap((r) => r.findings as Shift[]).filter((f) => f.dimensionValue === "Generic");
    expect(generic.filter((f) => f.kind === "level_shift" && f.date >= addDays(SHOP_END, -20))).toEqual([]);
  });
});
