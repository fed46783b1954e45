import { beforeEach, describe, expect, it } from "vitest";
import { resetDatabase } from "@/test/db";
import { dayOfWeek } from "@/lib/dates";
import {
  basketRevenue,
  between,
  channelDeviceCsv,
  channelFactorCsv,
  noisyCounts,
  reportOnShop,
  SHOP_CHANNELS,
  SHOP_DEVICES,
  SHOP_START,
  SHOP_WEEKLY,
  shopDays,
} from "@/test/generated-shop";

// A level that came back after two weeks or more (change-points.ts, `markStretches`). Three weeks of a promotion that
// took Paid Search's visits to 1.8 times their level led the report with "Transactions for Channel “Paid Search”
// shifted from about 13 to 25 a day on Oct 23, 2026 (+97.8%) … Estimated effect over the period: +€21,546.21
// revenue", counted to the period's end, and told the promotion's end as a loss of its own ("-€6,980.30").

type Stored = {
  kind: string;
  metric: string;
  dimensionValue: string | null;
  date?: string;
  until?: string;
  backTo?: number;
  current: number;
  baseline: number;
  direction: string;
  kpiEffect?: number;
  beforePeriod?: boolean;
};

describe("a level that came back", () => {
  beforeEach(resetDatabase);

  it("tells three weeks of a promotion as one stretch, with the effect of its days only", async () => {
    const rows = await reportOnShop(channelFactorCsv(81, "Paid Search", between("2026-10-23", "2026-11-12", 1.8)));
    const steps = rows.flatMap((r) => r.findings as Stored[]).filter((f) => f.kind === "level_shift");
    const paid = steps.filter((f) => f.dimensionValue === "Paid Search");
    expect(paid.length).toBeGreaterThan(0);
    // Every step of Paid Search is the stretch, dated within a day of the promotion's days; its end is no loss.
    for (const f of paid) {
      expect(f.direction).toBe("up");
      expect(f.date! >= "2026-10-22" && f.date! <= "2026-10-24").toBe(true);
      expect(f.until! >= "2026-11-11" && f.until! <= "2026-11-13").toBe(true);
      expect(Math.abs(f.backTo! - f.baseline)).toBeLessThan(0.25 * (f.current - f.baseline));
    }
    const sessions = paid.find((f) => f.metric === "sessions")!;
    // The level over the stretch's own days (1.8 times the level before), not diluted by the days after it.
    expect(sessions.current / sessions.baseline).toBeGreaterThan(1.6);
    const insight = rows.find((r) => r.intentionKey === "segment_level_shifts")!;
    expect(insight.summary).toMatch(
      new RegExp(
        "Sessions for Channel “Paid Search” shifted from about [\\d,]+ to [\\d,]+ a day from Oct 2[234], 2026 to " +
          "Nov 1[123], 2026 \\(\\+\\d+\\.\\d%\\), [\\d.]+ times the day-to-day noise, then came back to about " +
          "[\\d,]+ a day on Nov 1[234], 2026\\.",
      ),
    );
    // The effect of its orders is the stretch's days of extra orders (21 of them, give or take its dating) at $60
    // each, not the 29 days to the period's end.
    const orders = paid.find((f) => f.metric === "transactions")!;
    const days = orders.kpiEffect! / ((orders.current - orders.baseline) * 60);
    expect(days).toBeGreaterThan(18.5);
    expect(days).toBeLessThan(23.5);
    expect(insight.kpiEffect).toBeGreaterThan(0);
    // The site's own step is one stretch too, and its days after are not a drop.
    const site = steps.filter((f) => f.dimensionValue === null && f.metric === "sessions");
    expect(site.map((f) => [f.direction, Boolean(f.until)])).toEqual([["up", true]]);
  });

  it("tells a promotion that began before the period by its days in it, not its end as a loss", async () => {
    // Paid Search at 1.8 times its visits from Oct 10 to Oct 30; the report runs from Oct 22. Told by its end alone,
    // it read "shifted from about 883 to 492 a day on Oct 31, 2026 (-44.2%) … Estimated effect over the period:
    // -$13,810.73 revenue".
    const rows = await reportOnShop(channelFactorCsv(84, "Paid Search", between("2026-10-10", "2026-10-30", 1.8)));
    const steps = rows.flatMap((r) => r.findings as Stored[]).filter((f) => f.kind === "level_shift");
    const paid = steps.filter((f) => f.dimensionValue === "Paid Search");
    expect(paid.length).toBeGreaterThan(0);
    for (const f of paid) {
      expect([f.direction, f.beforePeriod]).toEqual(["up", true]);
      expect(f.date! >= "2026-10-08" && f.date! <= "2026-10-12").toBe(true);
      expect(f.until! >= "2026-10-29" && f.until! <= "2026-10-31").toBe(true);
    }
    // Its orders' effect: the period's 9 days of it (Oct 22 to Oct 30), give or take its dating, at $60 an order.
    const orders = paid.find((f) => f.metric === "transactions")!;
    const days = orders.kpiEffect! / ((orders.current - orders.baseline) * 60);
    expect(days).toBeGreaterThan(7.5);
    expect(days).toBeLessThan(10.5);
    const insight = rows.find((r) => r.intentionKey === "segment_level_shifts")!;
    expect(insight.kpiEffect).toBeGreaterThan(0);
    expect(insight.summary).toMatch(
      new RegExp(
        "Sessions for Channel “Paid Search” shifted from about [\\d,]+ to [\\d,]+ a day from Oct \\d+, 2026 \\(before " +
          "this period\\) to Oct [23]\\d, 2026 \\(\\+\\d+\\.\\d%\\), .*then came back to about [\\d,]+ a day on Oct 3\\d, 2026\\.",
      ),
    );
    // The site's own step is the same stretch; no step of the period is the promotion's end.
    const site = steps.filter((f) => f.dimensionValue === null && f.metric === "sessions");
    expect(site.map((f) => [f.direction, f.beforePeriod])).toEqual([["up", true]]);
    // Both charts start before the period, and say where it begins: the segment's a week before the stretch.
    type Series = { points: { date: string }[]; periodStart?: string };
    for (const key of ["segment_level_shifts", "sessions_trend"]) {
      const chart = rows.find((r) => r.intentionKey === key)!.chart as Series;
      expect(chart.periodStart).toBe(SHOP_START);
      expect(chart.points[0].date < "2026-10-08").toBe(true);
    }
    expect(steps.filter((f) => f.direction === "down")).toEqual([]);
  });

  it("tells a campaign paused before the period once, its devices' share of the pause folded in it", async () => {
    // Paid Search at a tenth of its visits from Oct 5 to Oct 27. Its return was told as a gain ("Revenue for Channel
    // “Paid Search” shifted from about $79.75 to $867.65 a day on Oct 28, 2026 (+988.0%) … +$18,909.61"), and mobile's
    // orders, whose pause the scan took for a slope, as a rise of their own on Nov 1 (+72.0%, +$11,114.06).
    const rows = await reportOnShop(channelFactorCsv(81, "Paid Search", between("2026-10-05", "2026-10-27", 0.1)));
    const insight = rows.find((r) => r.intentionKey === "segment_level_shifts")!;
    const steps = insight.findings as Stored[];
    expect(steps.length).toBeGreaterThan(0);
    for (const f of steps) {
      expect([f.dimensionValue, f.direction, f.beforePeriod]).toEqual(["Paid Search", "down", true]);
      expect(f.until! >= "2026-10-26" && f.until! <= "2026-10-28").toBe(true);
    }
    expect(insight.kpiEffect).toBeLessThan(0);
    expect(insight.summary).toMatch(/Device “mobile” \(-\d+ a day\) .*moved with it within days/);
  });

  it("tells a channel that ran three weeks and ended by its days, with none before or after", async () => {
    const rows = await reportOnShop(
      channelDeviceCsv(
        82,
        (cell, { count, z }) => {
          // Affiliates has rows only from Oct 23 to Nov 12: about 300 visits a day.
          if (cell.channel === "Affiliates" && (cell.date < "2026-10-23" || cell.date > "2026-11-12")) return null;
          const visitors = count(cell.expected);
          const orders = count(visitors * cell.rate);
          return [visitors, orders, basketRevenue(orders, z)];
        },
        [...SHOP_CHANNELS, ["Affiliates", 300, 0.02]],
      ),
    );
    const insight = rows.find((r) => r.intentionKey === "segment_level_shifts")!;
    // Its levels are the means of its days (about 290 visits, 5.6 orders and $340 a day): read from days whose high
    // counts were clipped as spikes, a channel that ran at about 5 orders and $310 a day read "4 transactions and
    // $219.37 revenue".
    const levels = new RegExp(
      "^Channel “Affiliates” ran from Oct 2[234], 2026 to Nov 1[123], 2026, with none before or after it: about " +
        "(.*) a day while it ran",
    ).exec(insight.summary ?? "");
    expect(levels).not.toBeNull();
    const level = (what: string) => Number(new RegExp(`\\$?([\\d,.]+) ${what}`).exec(levels![1])![1].replace(/,/g, ""));
    expect(level("sessions")).toBeGreaterThan(270);
    expect(level("sessions")).toBeLessThan(310);
    expect(level("transactions")).toBeGreaterThanOrEqual(5);
    expect(level("revenue")).toBeGreaterThan(300);
    // Its devices' share of it is named with it, in their own unit, whichever metric leads.
    expect(insight.summary).toMatch(/Device “desktop” \(\+[\d,]+ sessions a day\)/);
  });

  it("tells weeks of a lead form recording none as broken tracking, and reads nothing into its days", async () => {
    const noise = noisyCounts(83);
    const lines = ["date,channel,device,sessions,leads"];
    for (const date of shopDays())
      for (const [channel, mean, rate] of SHOP_CHANNELS)
        for (const [device, share] of SHOP_DEVICES) {
          const sessions = noise.count(mean * share * SHOP_WEEKLY[dayOfWeek(date)]);
          const broken = date >= "2026-10-25" && date <= "2026-11-12";
          lines.push(`${date},${channel},${device},${sessions},${broken ? 0 : noise.count(sessions * rate)}`);
        }
    const rows = await reportOnShop(lines.join("\n"), "lead_generation");
    // None for 19 days between normal weeks, while the visits went on: the form's tracking, not demand (ADR 0032).
    const audit = rows.find((r) => r.intentionKey === "tracking_gaps")!;
    expect(audit.summary).toMatch(
      /Tracking looks broken from Oct 25, 2026 to Nov 12, 2026: leads recorded none \(19 days\) against about \d+ a/,
    );
    // Its days raise no finding of leads: no step to none, no unusual day against it.
    const leads = rows.flatMap((r) => r.findings as Stored[]).filter((f) => f.metric === "leads" && f.kind !== "audit");
    expect(leads.filter((f) => f.kind === "level_shift" || f.kind === "anomaly")).toEqual([]);
  });
});
