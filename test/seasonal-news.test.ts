import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { addDays, dayOfWeek } from "@/lib/dates";
import { gaussian, mulberry32 } from "@/lib/seeded-random";
import { db } from "@/server/db/client";
import { clientProjects, insights } from "@/server/db/schema";
import { generateReport } from "@/server/services/reports/generate-report";
import { resetDatabase } from "@/test/db";
import { uploadCsv, uploadWorld } from "@/test/data-source-fixtures";
import { insertReport } from "@/test/report-fixtures";

// A shop whose every channel rises by 30 % each November (two years of it uploaded): the season is
// not news, and Direct's own 25 % drop over the last two weeks of this November is what leads.

const END = "2026-11-30";
const WEEKLY = [0.7, 1.1, 1.15, 1.1, 1.05, 1.0, 0.75];
const CHANNELS = [
  ["Organic Search", 800],
  ["Paid Search", 400],
  ["Direct", 300],
  ["Email", 150],
] as const;
const season = (date: string) => ({ "11": 1.3, "12": 1.15 })[date.slice(5, 7)] ?? 1;

function shopCsv(directDrop: boolean): string {
  const z = gaussian(mulberry32(5));
  const lines = ["date,channel,sessions,conversions,revenue"];
  for (let i = 0; i < 760; i++) {
    const date = addDays(END, -759 + i);
    for (const [channel, mean] of CHANNELS) {
      const drop = directDrop && channel === "Direct" && date >= addDays(END, -13) ? 0.75 : 1;
      const sessions = Math.round(mean * WEEKLY[dayOfWeek(date)] * season(date) * drop * (1 + 0.07 * z()));
      const conversions = Math.max(0, Math.round(sessions * 0.025 * (1 + 0.15 * z())));
      lines.push(`${date},${channel},${sessions},${conversions},${(conversions * 70 * (1 + 0.05 * z())).toFixed(2)}`);
    }
  }
  return lines.join("\n");
}

async function report(directDrop: boolean) {
  const { main, project, sourceId } = await uploadWorld();
  await db()
    .update(clientProjects)
    .set({ siteType: "ecommerce", currency: "EUR" })
    .where(eq(clientProjects.id, project.id));
  expect((await uploadCsv(sourceId, main.token, shopCsv(directDrop))).status).toBe(200);
  const queued = await insertReport(project, { periodStart: addDays(END, -29), periodEnd: END });
  await generateReport(queued.id);
  return db().select().from(insights).where(eq(insights.reportId, queued.id)).orderBy(insights.rank);
}

type Stored = {
  kind: string;
  dimensionValue: string | null;
  direction: string;
  pValue?: number;
  season?: { expected?: boolean };
};
const news = (rows: Awaited<ReturnType<typeof report>>) =>
  rows
    .filter((r) => r.group !== "data_quality")
    .flatMap((r) => r.findings as Stored[])
    .filter((f) => typeof f.pValue === "number" && !f.season?.expected);

describe("the season and the news", () => {
  beforeEach(resetDatabase);

  it("labels November's rise expected everywhere, and leads with a segment's own drop inside it", async () => {
    expect(news(await report(false))).toEqual([]);

    const rows = await report(true);
    const lead = rows[0];
    expect(lead).toMatchObject({ group: "most_impactful", intentionKey: "segment_level_shifts" });
    // The segment watch's lead is the news, not the larger seasonal rise of Organic Search beside it.
    expect((lead.findings as Stored[])[0]).toMatchObject({
      kind: "level_shift",
      dimensionValue: "Direct",
      direction: "down",
    });
    expect(lead.summary).toMatch(/^Sessions for Channel “Direct” shifted/);
    expect(news(rows).every((f) => f.dimensionValue === "Direct" && f.direction === "down")).toBe(true);
  });
});
