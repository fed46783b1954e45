import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { addDays } from "@/lib/dates";
import { db } from "@/server/db/client";
import { clientProjects } from "@/server/db/schema";
import * as kpisRoute from "@/app/api/reports/[id]/kpis/route";
import { generateReport } from "@/server/services/reports/generate-report";
import { call } from "@/test/api";
import { uploadCsv, uploadWorld } from "@/test/data-source-fixtures";
import { resetDatabase } from "@/test/db";
import { PERIOD_END, PERIOD_START, insertReport, listInsights } from "@/test/report-fixtures";

// A Search Console export by query: one query falls three places down the results 10 days before the period's end.
// Its lost impressions and clicks are the effect; the ranking lost is the cause a search marketer looks for, so the
// segment watch follows each query's average position as it follows its counts.

const QUERIES = [
  { query: "hiking boots", impressions: 20_000, position: 7.5 },
  { query: "acme boots", impressions: 3_000, position: 1.4 },
  { query: "boot care", impressions: 2_500, position: 4.1 },
];
const DROP = addDays(PERIOD_END, -9);
const kpis = (id: string, token: string) =>
  call(kpisRoute.GET, { path: `/api/reports/${id}/kpis`, params: { id }, token });

/** The queries' days; those `lost` says fall three places from DROP and lose half their impressions. */
function searchCsv(lost: (query: string) => boolean): string {
  const lines = ["Date,Top queries,Clicks,Impressions,Position"];
  let k = 0;
  for (let d = addDays(PERIOD_START, -90); d <= PERIOD_END; d = addDays(d, 1)) {
    for (const q of QUERIES) {
      // A deterministic wobble of a few percent, and of a tenth of a place.
      const wobble = Math.sin(k++ * 1.7);
      const down = lost(q.query) && d >= DROP;
      const impressions = Math.round(q.impressions * (down ? 0.5 : 1) * (1 + 0.04 * wobble));
      const position = (q.position + (down ? 3 : 0) + 0.1 * wobble).toFixed(1);
      lines.push(`${d},${q.query},${Math.round(impressions * 0.03)},${impressions},${position}`);
    }
  }
  return lines.join("\n");
}

/** A brand project with the queries' days uploaded, its 30-day report run, and the report's insights. */
async function reportOnSearch(lost: (query: string) => boolean) {
  const { main, project, viewer, sourceId } = await uploadWorld();
  await db().update(clientProjects).set({ siteType: "brand" }).where(eq(clientProjects.id, project.id));
  expect((await uploadCsv(sourceId, main.token, searchCsv(lost))).status).toBe(200);
  const report = await insertReport(project);
  await generateReport(report.id);
  const docs = (await listInsights(project.id, viewer.token, `?reportId=${report.id}&limit=100`)).body.docs;
  return { docs, report, viewer };
}

describe("the segment watch and search positions", () => {
  beforeEach(resetDatabase);

  it("reports a query's lost ranking with its date, in places", async () => {
    const { docs, report, viewer } = await reportOnSearch((q) => q === "hiking boots");
    const shifts = docs.find((i: { intention: { key: string } }) => i.intention.key === "segment_level_shifts");
    const position = shifts.findings.find((f: { metric: string }) => f.metric === "position");
    expect(position).toMatchObject({
      kind: "level_shift",
      dimensionValue: "hiking boots",
      date: DROP,
      direction: "up",
    });
    expect(position.baseline).toBeCloseTo(7.5, 0);
    expect(position.current).toBeCloseTo(10.5, 0);
    expect(shifts.summary).toMatch(
      /Average position for Query “hiking boots” worsened from about 7\.5 to 10\.5 on .* \(\+3\.0 places\)/,
    );
    // The site's lost clicks are named after the query they came from, though they move no KPI of a brand directly.
    const clicks = docs.find((i: { summary: string }) => /^Clicks fell/.test(i.summary));
    expect(clicks.summary).toMatch(/\d+% of the drop came from Query “hiking boots”/);
    // Steady queries' positions are watched and left alone.
    expect(shifts.findings.filter((f: { metric: string }) => f.metric === "position")).toHaveLength(1);
    // A brand with search data alone heads its report with its search figures, the average position among them.
    const figures = (await kpis(report.id, viewer.token)).body.kpis;
    expect(figures.map((k: { metric: string }) => k.metric)).toEqual(["impressions", "ctr", "clicks", "position"]);
    const place = figures.find((k: { metric: string }) => k.metric === "position");
    expect(place.unit).toBe("rank");
    expect(place.current).toBeGreaterThan(place.baseline);
  });

  it("tells every query falling on the same day as the site's change, not one query's", async () => {
    const { docs } = await reportOnSearch(() => true);
    const shifts = docs.find((i: { intention: { key: string } }) => i.intention.key === "segment_level_shifts");
    const positions = shifts.findings.filter((f: { metric: string }) => f.metric === "position");
    expect(positions.map((f: { date: string }) => f.date)).toEqual([DROP, DROP, DROP]);
    expect(positions[0].siblingShifts).toEqual({ count: 3, watched: 3 });
    expect(shifts.summary).toMatch(
      /All 3 queries watched shifted the same way within a day of it: most likely a change of the whole site/,
    );
  });
});
