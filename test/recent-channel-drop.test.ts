import { beforeEach, describe, expect, it } from "vitest";
import { addDays } from "@/lib/dates";
import { resetDatabase } from "@/test/db";
import { SHOP_END, channelDeviceCsv, reportOnShop } from "@/test/generated-shop";

// A shop whose Organic Search lost 30 % of its sessions on the data's last 4 days (a ranking lost to an update). The
// site's 4 days are below their range; Organic Search's own drop is a step too young for a week after it. Once the
// segment's step was dated, its days were the step, not unusual days of their own, and the site's 4 days no longer
// said where their drop came from, while desktop's and mobile's part of it were listed as steps of their own.

const DROPPED_FROM = addDays(SHOP_END, -3);

function shopCsv(): string {
  return channelDeviceCsv(29, ({ date, channel, expected }, { count }) => {
    const sessions = count(expected * (channel === "Organic Search" && date >= DROPPED_FROM ? 0.7 : 1));
    const orders = count(sessions * 0.025);
    return [sessions, orders, orders * 60];
  });
}

type Shift = { metric: string; dimension: string; dimensionValue: string; date: string };

describe("a channel's drop on the data's last days", () => {
  beforeEach(resetDatabase);

  it("is that channel's step, the site's unusual days name it, and the devices' part is folded into it", async () => {
    const rows = await reportOnShop(shopCsv());
    const shifts = rows.find((r) => r.intentionKey === "segment_level_shifts")!.findings as (Shift & {
      movedWith?: { dimensionValue: string }[];
    })[];
    const organic = shifts.find((f) => f.dimensionValue === "Organic Search" && f.metric === "sessions");
    expect(organic?.date).toBe(DROPPED_FROM);
    expect(organic!.movedWith?.map((m) => m.dimensionValue).sort()).toEqual(["desktop", "mobile"]);
    expect(shifts.filter((f) => f.dimension === "device" && f.metric === "sessions")).toEqual([]);
    const days = rows.find((r) => r.intentionKey === "sessions_anomalies")!;
    // Its days in a row, told once (summary.ts), each named for Organic Search.
    expect(days.summary).toMatch(/Sessions were below the expected range on [34] days in a row, from Nov 17, 2026/);
    expect(days.summary).toMatch(/Channel “Organic Search” accounted for \d+% to \d+% of the drop on each day/);
    expect(days.findings.length).toBeGreaterThanOrEqual(3);
  });
});
