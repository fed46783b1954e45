import { beforeEach, describe, expect, it } from "vitest";
import { addDays, dayOfWeek } from "@/lib/dates";
import { resetDatabase } from "@/test/db";
import { SHOP_CHANNELS, SHOP_END, SHOP_WEEKLY, noisyCounts, reportOnShop, shopDays } from "@/test/generated-shop";

// A lead generation site whose Paid Search landing page form stopped sending leads on the data's last 6 days: its
// sessions went on, its leads fell from about 15 a day to none. The site's total lost a quarter of its leads, too
// little for its own step to be dated (it came out 3 days early), and a week had not passed for the segment's.
// The report said nothing of the drop, and judged Paid Search's last normal days against the zeros after them:
// "Leads for Channel “Paid Search” on Nov 12 were 13, above the expected range of 0 to 0".

const STOPPED = addDays(SHOP_END, -5);

function leadsCsv(seed: number): string {
  const { count } = noisyCounts(seed);
  const lines = ["date,channel,sessions,leads"];
  for (const date of shopDays())
    for (const [channel, mean, rate] of SHOP_CHANNELS) {
      const sessions = count(mean * SHOP_WEEKLY[dayOfWeek(date)]);
      lines.push(
        `${date},${channel},${sessions},${count(channel === "Paid Search" && date >= STOPPED ? 0 : sessions * rate)}`,
      );
    }
  return lines.join("\n");
}

type Stored = { kind: string; metric: string; dimensionValue: string | null; direction: string; current: number };

describe("a lead form that stopped in one channel on the data's last days", () => {
  beforeEach(resetDatabase);

  it("is reported as that channel's leads falling to none from the first day without one", async () => {
    const rows = await reportOnShop(leadsCsv(11), "lead_generation");
    const paidLeads = rows.flatMap((r) =>
      (r.findings as Stored[])
        .filter((f) => f.dimensionValue === "Paid Search" && f.metric === "leads")
        .map((f) => ({ f, summary: r.summary })),
    );
    const shift = paidLeads.find((x) => x.f.kind === "level_shift");
    expect(shift?.f).toMatchObject({ date: STOPPED, direction: "down" });
    expect(shift!.f.current).toBeGreaterThanOrEqual(0);
    expect(shift!.summary).toMatch(
      /Leads for Channel “Paid Search” shifted from about 1\d to [01] a day on Nov 15, 2026/,
    );
    // The days before it are not judged against the zeros after them.
    expect(paidLeads.filter((x) => x.f.kind === "anomaly" && x.f.direction === "up")).toEqual([]);
    for (const r of rows) expect(r.summary).not.toContain("expected range of 0 to 0");
  });
});
