import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { addDays, dayOfWeek } from "@/lib/dates";
import { gaussian, mulberry32 } from "@/lib/seeded-random";
import { db } from "@/server/db/client";
import { clientProjects, insights } from "@/server/db/schema";
import { generateReport } from "@/server/services/reports/generate-report";
import { resetDatabase } from "@/test/db";
import { uploadCsv, uploadWorld } from "@/test/data-source-fixtures";
import { insertReport } from "@/test/report-fixtures";

// A segment's finding is ranked by what it moves of the whole site, not by its own relative swing:
// one small query doubling its clicks for a day is not a fifth of a content site's news.

const END = "2026-10-31";
const SPIKE = addDays(END, -6);
const WEEKLY = [0.7, 1.1, 1.15, 1.1, 1.05, 1.0, 0.75];

/** A Search Console export: 10 queries (each one watched) over 120 days; the smallest one doubles for a day. */
function searchConsoleCsv(): string {
  const z = gaussian(mulberry32(11));
  const lines = ["date,query,impressions,clicks"];
  for (let i = 0; i < 120; i++) {
    const date = addDays(END, -119 + i);
    for (let q = 1; q <= 10; q++) {
      const impressions = Math.round((6000 / q) * WEEKLY[dayOfWeek(date)] * (1 + 0.05 * z()));
      let clicks = Math.round(impressions * 0.08 * (1 + 0.05 * z()));
      if (q === 10 && date === SPIKE) clicks *= 2;
      lines.push(`${date},query ${q},${impressions},${clicks}`);
    }
  }
  return lines.join("\n");
}

describe("segment findings' impact", () => {
  beforeEach(resetDatabase);

  it("is the share of the site's total a small segment's spike moves, not the segment's own +100 %", async () => {
    const { main, project, sourceId } = await uploadWorld();
    await db().update(clientProjects).set({ siteType: "content" }).where(eq(clientProjects.id, project.id));
    expect((await uploadCsv(sourceId, main.token, searchConsoleCsv())).status).toBe(200);
    const report = await insertReport(project, { periodStart: addDays(END, -29), periodEnd: END });
    await generateReport(report.id);
    const [spike] = await db()
      .select()
      .from(insights)
      .where(and(eq(insights.reportId, report.id), eq(insights.intentionKey, "segment_anomalies")));
    const lead = (spike.findings as { dimensionValue: string; date: string; change: number }[])[0];
    expect(lead).toMatchObject({ dimensionValue: "query 10", date: SPIKE });
    // About 40 extra clicks against roughly 45,000 in the comparison period: a thousandth, not a quarter.
    expect(spike.impact).toBeGreaterThan(0);
    expect(spike.impact).toBeLessThan(0.005);
  });
});
