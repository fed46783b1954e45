import { beforeAll, describe, expect, it } from "vitest";
import { addDays } from "@/lib/dates";
import { resetDatabase } from "@/test/db";
import { SHOP_END, reportOnShop } from "@/test/generated-shop";
import { noiseCsv } from "@/test/noise-shops";

// A campaign's cost is judged through its clicks and their price (segment-watch.ts `amountEvidence`): a day of
// ordinary clicks at two and a half times their price is news by its price, where a day of cost that only followed
// its clicks is news only as far as the clicks are.

const DAY = addDays(SHOP_END, -10);

/** A Google Ads export of noise (test/noise-shops.ts) with Campaign 2's clicks on DAY at 2.5 times their price. */
function adsWithPriceDay(): string {
  const [header, ...rows] = noiseCsv(11, "ads").split("\n");
  const columns = header.split(",");
  const at = (name: string) => columns.indexOf(name);
  return [
    header,
    ...rows.map((row) => {
      const cells = row.split(",");
      if (cells[at("date")] !== DAY || cells[at("campaign")] !== "Campaign 2") return row;
      cells[at("cost")] = (Number(cells[at("cost")]) * 2.5).toFixed(2);
      return cells.join(",");
    }),
  ].join("\n");
}

describe("a campaign's day of cost", () => {
  beforeAll(resetDatabase);

  it("is news when its clicks' price jumped, on an ordinary number of clicks", async () => {
    const rows = await reportOnShop(adsWithPriceDay(), "ecommerce");
    const days = rows.flatMap((r) => r.findings as { metric: string; dimensionValue: string | null; date?: string }[]);
    expect(days).toContainEqual(
      expect.objectContaining({ metric: "cost", dimensionValue: "Campaign 2", date: DAY, direction: "up" }),
    );
    // Its clicks were ordinary: no unusual day of them.
    expect(days.filter((f) => f.metric === "clicks" && f.dimensionValue === "Campaign 2" && f.date === DAY)).toEqual(
      [],
    );
  });
});
