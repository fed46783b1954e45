import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { addDays, dayOfWeek } from "@/lib/dates";
import { gaussian, mulberry32 } from "@/lib/seeded-random";
import { db } from "@/server/db/client";
import { insights } from "@/server/db/schema";
import { generateReport } from "@/server/jobs/handlers/generate-report";
import { resetDatabase } from "@/test/db";
import { uploadCsv, uploadWorld } from "@/test/data-source-fixtures";
import { insertReport } from "@/test/report-fixtures";

// A shop whose every channel and device doubled its sessions on the period's 21st day (a tag installed twice, or a
// sale across the whole site). Each segment's level shift is +100 %, three times the period's +34 %, and the largest
// of them was named the rise's source: "53% of the rise came from Device “desktop”" under sessions by channel. A
// segment's lasting change is now compared with the period's over the same days: what it moved over the period
// against its own comparison period, the share every segment had.

const END = "2026-11-20";
const START = addDays(END, -29);
const DOUBLED_FROM = addDays(START, 20);
const WEEKLY = [0.75, 1.08, 1.08, 1.08, 1.08, 1.08, 0.75];
const CHANNELS = [
  ["Organic Search", 900],
  ["Paid Search", 500],
  ["Direct", 400],
  ["Email", 120],
] as const;
const DEVICES = [
  ["desktop", 0.55],
  ["mobile", 0.45],
] as const;

function shopCsv(): string {
  const z = gaussian(mulberry32(43));
  const count = (mean: number) => Math.max(0, Math.round(mean + Math.sqrt(mean) * z()));
  const lines = ["date,channel,device,sessions,transactions,revenue"];
  for (let i = 0; i < 120; i++) {
    const date = addDays(END, -119 + i);
    for (const [channel, mean] of CHANNELS)
      for (const [device, share] of DEVICES) {
        const sessions = count(mean * share * WEEKLY[dayOfWeek(date)] * (date >= DOUBLED_FROM ? 2 : 1));
        const orders = count(sessions * 0.025);
        lines.push(`${date},${channel},${device},${sessions},${orders},${(orders * 60).toFixed(2)}`);
      }
  }
  return lines.join("\n");
}

describe("a step of the whole site", () => {
  beforeEach(resetDatabase);

  it("is not credited to its largest segment", async () => {
    const { main, project, sourceId } = await uploadWorld();
    expect((await uploadCsv(sourceId, main.token, shopCsv())).status).toBe(200);
    const queued = await insertReport(project, { periodStart: START, periodEnd: END });
    await generateReport(queued.id);
    const rows = await db().select().from(insights).where(eq(insights.reportId, queued.id)).orderBy(insights.rank);
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
