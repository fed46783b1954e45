import { beforeEach, describe, expect, it } from "vitest";
import { dayOfWeek } from "@/lib/dates";
import { resetDatabase } from "@/test/db";
import { basketRevenue, channelDeviceCsv, reportOnShop } from "@/test/generated-shop";

// A shop that switched off its Paid Search ads on weekends from Saturday 31 October (an ad schedule: dayparting).
// The report said "Sessions for Channel “Paid Search” shifted from about 569 to 335 a day on Nov 7 (-41.1%)", then
// two more steps a week apart, with effects summing to -€9,700 where the weekends had lost about €3,600; weekdays had
// not moved. A step only some weekdays take is now one shift of those weekdays (detectors/weekday-shift.ts).

const FROM = "2026-10-31"; // a Saturday, three weekends before the shop's last day
const weekend = (date: string) => dayOfWeek(date) === 0 || dayOfWeek(date) === 6;

/** The shop's export with `factor` moving the expected sessions of `channel` (all channels: null) on a day. */
function shopCsv(seed: number, channel: string | null, factor: (date: string) => number): string {
  return channelDeviceCsv(seed, (cell, { count, z }) => {
    const moved = channel === null || cell.channel === channel ? factor(cell.date) : 1;
    const visitors = count(cell.expected * moved);
    const orders = count(visitors * cell.rate);
    return [visitors, orders, basketRevenue(orders, z)];
  });
}

type Stored = { kind: string; metric: string; dimensionValue: string | null; date?: string; weekdays?: number[] };

describe("a step only some weekdays took", () => {
  beforeEach(resetDatabase);

  it("is told as one shift of those weekdays, at what those days lost", async () => {
    const rows = await reportOnShop(shopCsv(61, "Paid Search", (date) => (date >= FROM && weekend(date) ? 0.1 : 1)));
    const shifts = rows.find((r) => r.intentionKey === "segment_level_shifts")!;
    expect(shifts.summary).toMatch(
      new RegExp(
        "^Sessions for Channel “Paid Search” on Saturdays and Sundays shifted from about 3\\d\\d to \\d\\d a day " +
          "from Oct 31, 2026 \\(-(8|9)\\d\\.\\d%\\), [\\d.]+ times the day-to-day noise; " +
          "the other days of the week stayed at about 5\\d\\d a day\\.",
      ),
    );
    // Six weekend days, each about 337 sessions fewer at 3 % and $60 an order: about $3,650.
    expect(shifts.kpiEffect).toBeGreaterThan(-5000);
    expect(shifts.kpiEffect).toBeLessThan(-2500);
    const findings = rows.flatMap((r) => r.findings as Stored[]);
    const paidSessionSteps = findings.filter(
      (f) => f.kind === "level_shift" && f.metric === "sessions" && f.dimensionValue === "Paid Search",
    );
    expect(paidSessionSteps).toHaveLength(1);
    // Its weekdays' days are the shift's, and so are the devices' weekend days: no segment's day after it is unusual.
    const segmentDays = findings.filter((f) => f.kind === "anomaly" && f.dimensionValue !== null);
    expect(segmentDays.filter((f) => f.date! >= FROM && weekend(f.date!))).toEqual([]);
    // Stored with the weekends' own levels, as the sentence gives them (the page shows them beside it).
    const [lead] = shifts.findings as { current: number; baseline: number; change: number; changePct: number }[];
    expect(lead.baseline).toBeGreaterThan(330);
    expect(lead.current).toBeLessThan(60);
    expect(lead.change / lead.baseline).toBeCloseTo(lead.changePct, 6);
    // Its chart draws the weekends' two levels and the other days' level beside them.
    type Charted = { series: { points: { date: string; expected: number | null }[] } };
    const chart = (shifts.findings as unknown as Charted[])[0].series.points;
    const expectedOn = (date: string) => chart.find((p) => p.date === date)!.expected!;
    expect(expectedOn("2026-10-24")).toBeGreaterThan(330); // a Saturday before: about 375
    expect(expectedOn("2026-11-14")).toBeLessThan(60); // a Saturday after: about 40
    expect(expectedOn("2026-11-16")).toBeGreaterThan(500); // a Monday: about 547
    // The devices' weekend days are its part, each at its own change on those days (desktop has 55 % of the visits).
    expect(shifts.summary).toMatch(
      /Device “desktop” \(-\d{3} a day\) and Device “mobile” \(-\d{3} a day\) moved with it on the same days, by less/,
    );
    // The site's weekends took the same step: told once, as Paid Search's, ranked below it; no day of it unusual.
    const site = rows.find((r) => r.intentionKey === "sessions_trend")!;
    expect(site.summary).toMatch(
      new RegExp(
        "^Sessions on Saturdays and Sundays shifted from about [\\d,]+ to [\\d,]+ a day from Oct 31, 2026 .*" +
          "100% of the drop came from Channel “Paid Search”, whose Saturdays and Sundays shifted from Oct 31, 2026\\.",
      ),
    );
    expect(site.rank).toBeGreaterThan(shifts.rank);
    const siteDays = (rows.find((r) => r.intentionKey === "sessions_anomalies")?.findings ?? []) as Stored[];
    expect(siteDays.filter((f) => f.date! >= FROM && weekend(f.date!))).toEqual([]);
  });

  it("leaves the site's weekdays alone when its weekends rose", async () => {
    const rows = await reportOnShop(shopCsv(62, null, (date) => (date >= FROM && weekend(date) ? 1.45 : 1)));
    const trend = rows.find((r) => r.intentionKey === "sessions_trend")!;
    expect(trend.summary).toMatch(
      new RegExp(
        "^Sessions on Saturdays and Sundays shifted from about [\\d,]+ to [\\d,]+ a day " +
          "from Oct 31, 2026 \\(\\+(3|4|5)\\d\\.\\d%\\)",
      ),
    );
    expect(trend.summary).not.toMatch(/Nov 7|Nov 14/);
    // A normal Monday between two busier weekends was "below the expected range".
    const days = (rows.find((r) => r.intentionKey === "sessions_anomalies")?.findings ?? []) as Stored[];
    expect(days.filter((f) => f.date! >= FROM)).toEqual([]);
  });
});
