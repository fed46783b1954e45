import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { addDays, dayOfWeek } from "@/lib/dates";
import { gaussian, mulberry32 } from "@/lib/seeded-random";
import { db } from "@/server/db/client";
import { clientProjects, insights } from "@/server/db/schema";
import { generateReport } from "@/server/jobs/handlers/generate-report";
import { resetDatabase } from "@/test/db";
import { uploadCsv, uploadWorld } from "@/test/data-source-fixtures";
import { insertReport } from "@/test/report-fixtures";

// A lead generation site whose Paid Search landing page form stopped sending leads on the data's last 6 days: its
// sessions went on, its leads fell from about 15 a day to none. The site's total lost a quarter of its leads, too
// little for its own step to be dated (it came out 3 days early), and a week had not passed for the segment's.
// The report said nothing of the drop, and judged Paid Search's last normal days against the zeros after them:
// "Leads for Channel “Paid Search” on Nov 12 were 13, above the expected range of 0 to 0".

const END = "2026-11-20";
const STOPPED = addDays(END, -5);
const WEEKLY = [0.75, 1.08, 1.08, 1.08, 1.08, 1.08, 0.75];
const CHANNELS = [
  ["Organic Search", 900, 0.02],
  ["Paid Search", 500, 0.03],
  ["Direct", 400, 0.025],
  ["Email", 120, 0.04],
  ["Social", 200, 0.01],
] as const;

function leadsCsv(seed: number): string {
  const z = gaussian(mulberry32(seed));
  const lines = ["date,channel,sessions,leads"];
  for (let i = 0; i < 120; i++) {
    const date = addDays(END, -119 + i);
    for (const [channel, mean, rate] of CHANNELS) {
      const m = mean * WEEKLY[dayOfWeek(date)];
      const sessions = Math.max(0, Math.round(m + Math.sqrt(m) * z()));
      const expected = channel === "Paid Search" && date >= STOPPED ? 0 : sessions * rate;
      lines.push(`${date},${channel},${sessions},${Math.max(0, Math.round(expected + Math.sqrt(expected) * z()))}`);
    }
  }
  return lines.join("\n");
}

type Stored = {
  kind: string;
  metric: string;
  dimension: string | null;
  dimensionValue: string | null;
  date?: string;
  direction: string;
  current: number;
};

describe("a lead form that stopped in one channel on the data's last days", () => {
  beforeEach(resetDatabase);

  it("is reported as that channel's leads falling to none from the first day without one", async () => {
    const { main, project, sourceId } = await uploadWorld();
    await db().update(clientProjects).set({ siteType: "lead_generation" }).where(eq(clientProjects.id, project.id));
    expect((await uploadCsv(sourceId, main.token, leadsCsv(11))).status).toBe(200);
    const queued = await insertReport(project, { periodStart: addDays(END, -29), periodEnd: END });
    await generateReport(queued.id);
    const rows = await db().select().from(insights).where(eq(insights.reportId, queued.id)).orderBy(insights.rank);
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
