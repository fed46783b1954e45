import { beforeEach, describe, expect, it } from "vitest";
import { addDays } from "@/lib/dates";
import { resetDatabase } from "@/test/db";
import { SHOP_START, channelDeviceCsv, reportOnShop } from "@/test/generated-shop";

// A shop whose every channel and device doubled its sessions on the period's 21st day (a tag installed twice, or a
// sale across the whole site). Each segment's level shift is +100 %, three times the period's +34 %, and the largest
// of them was named the rise's source: "53% of the rise came from Device “desktop”" under sessions by channel. A
// segment's lasting change is now compared with the rest of the site's over the same days.

const DOUBLED_FROM = addDays(SHOP_START, 20);

function shopCsv(): string {
  return channelDeviceCsv(43, ({ date, expected }, { count }) => {
    const sessions = count(expected * (date >= DOUBLED_FROM ? 2 : 1));
    const orders = count(sessions * 0.025);
    return [sessions, orders, orders * 60];
  });
}

describe("a step of the whole site", () => {
  beforeEach(resetDatabase);

  it("is not credited to its largest segment", async () => {
    const rows = await reportOnShop(shopCsv());
    const byKey = (key: string) => rows.find((r) => r.intentionKey === key)!;
    expect(byKey("sessions_trend").summary).toMatch(
      /^Sessions shifted from about [\d,]+ to [\d,]+ a day on Nov 11, 2026/,
    );
    for (const key of ["sessions_by_channel", "sessions_by_device"]) {
      expect(byKey(key).summary).toMatch(/^Sessions rose to [\d,]+ from Oct 22, 2026 to Nov 20, 2026/);
      expect(byKey(key).summary).not.toContain("of the rise came from");
    }
  });
});
