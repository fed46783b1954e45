import { beforeEach, describe, expect, it } from "vitest";
import { addDays } from "@/lib/dates";
import { resetDatabase } from "@/test/db";
import { SHOP_CHANNELS, SHOP_END, basketRevenue, channelDeviceCsv, reportOnShop } from "@/test/generated-shop";

// A shop whose new Affiliates channel began 16 days before the data's end, 300 sessions a day. Its period had 14
// days of zeros, so it was not watched, and the report named only the devices its visits went to ("Sessions for
// Device “desktop” shifted from about 1,141 to 1,328 a day"). Watched, its start read "from about 0 to 295 a day
// (+233,870.9%)", and its revenue "shifted … on Nov 14 (+90.2%), 12.8 times the day-to-day noise", a noise read off
// the zeros before its first day.

const STARTED = addDays(SHOP_END, -15);

function shopCsv(): string {
  const channels = [...SHOP_CHANNELS, ["Affiliates", 300, 0.02] as const];
  return channelDeviceCsv(
    31,
    ({ date, channel, rate, expected }, { count, z }) => {
      if (channel === "Affiliates" && date < STARTED) return null;
      const visitors = count(expected);
      const orders = count(visitors * rate);
      return [visitors, orders, basketRevenue(orders, z)];
    },
    channels,
  );
}

type Stored = { kind: string; metric: string; dimensionValue: string | null; date?: string; changePct: number | null };

describe("a channel that began inside the report's window", () => {
  beforeEach(resetDatabase);

  it("is reported as started on its first day, with nothing else of its first weeks", async () => {
    const rows = await reportOnShop(shopCsv());
    const shifts = rows.find((r) => r.intentionKey === "segment_level_shifts")!;
    expect(shifts.summary).toMatch(
      /^Channel “Affiliates” started on Nov 5, 2026: about [\d$,. ]+\w+, [\d$,. ]+\w+ and [\d$,. ]+\w+ a day since/,
    );
    const affiliates = rows.flatMap((r) => r.findings as Stored[]).filter((f) => f.dimensionValue === "Affiliates");
    const segmentOwn = affiliates.filter((f) => f.kind === "level_shift" || f.kind === "anomaly");
    // One start, naming the levels of its sessions, transactions and revenue.
    expect(segmentOwn).toHaveLength(1);
    expect(shifts.summary).toMatch(/\d+ sessions/);
    expect(shifts.summary).toMatch(/\$[\d,.]+ revenue/);
    for (const f of segmentOwn) {
      expect(f.changePct, `${f.metric} ${f.date}`).toBeNull();
      expect(f.date).toBe(STARTED);
    }
  });
});
