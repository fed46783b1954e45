import { beforeEach, describe, expect, it } from "vitest";
import { dayOfWeek } from "@/lib/dates";
import { resetDatabase } from "@/test/db";
import { SHOP_WEEKLY, reportOnShop, shopVisitsCsv, siteFindings } from "@/test/generated-shop";

// A campaign that brings the same visits every day (a display budget, a daily cap) changes the week's shape of every
// series it is a part of (detectors/weekly-pattern.ts). The shop's site total read a second step nine days after the
// campaign's start: "Sessions shifted from about 1,899 to 2,290 a day on Nov 5, 2026 (+20.6%) … Sessions shifted from
// about 2,185 to 2,402 a day on Nov 14, 2026 (+10.0%)", and a Tuesday after it was "below the expected range".

type Stored = { kind: string; metric: string; dimensionValue: string | null; date?: string };

describe("a step that changed the week's shape", () => {
  beforeEach(resetDatabase);

  it("tells the site's visits as one step when a campaign adds 400 a day on every weekday alike", async () => {
    const csv = shopVisitsCsv(2, (cell) => {
      // Paid Search's share of the 400, on each device, the same on every day of the week.
      const flat =
        cell.channel === "Paid Search" && cell.date >= "2026-11-05"
          ? (400 * cell.expected) / (500 * SHOP_WEEKLY[dayOfWeek(cell.date)])
          : 0;
      return cell.expected + flat;
    });
    const rows = await reportOnShop(csv);
    const site = siteFindings<Stored>(rows, "sessions");
    expect(site.filter((f) => f.kind === "level_shift").map((f) => f.date)).toEqual(["2026-11-05"]);
    expect(site.filter((f) => f.kind === "anomaly" && f.date! > "2026-11-05")).toEqual([]);
    expect(rows.find((r) => r.intentionKey === "sessions_trend")!.summary).toMatch(
      new RegExp(
        "^Sessions shifted from about [\\d,]+ to [\\d,]+ a day on Nov 5, 2026 \\(\\+2\\d\\.\\d%\\), [\\d.]+ times the " +
          "day-to-day noise\\. \\d+% of the rise came from Channel “Paid Search”\\.$",
      ),
    );
  });
});
