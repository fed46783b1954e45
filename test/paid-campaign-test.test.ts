import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { addDays } from "@/lib/dates";
import { mulberry32, poisson } from "@/lib/seeded-random";
import * as kpisRoute from "@/app/api/reports/[id]/kpis/route";
import { db } from "@/server/db/client";
import { clientProjects, insights } from "@/server/db/schema";
import { generateReport } from "@/server/services/reports/generate-report";
import { call } from "@/test/api";
import { uploadCsv, uploadWorld } from "@/test/data-source-fixtures";
import { resetDatabase } from "@/test/db";
import { insertReport } from "@/test/report-fixtures";

// Cost per lead by campaign is the paid campaigns' cost over the paid campaigns' leads, and its change is tested on
// their days (data/load-paid-campaign-days.ts): an analytics export with campaigns also carries the site's organic
// and newsletter leads, and tested on the source's whole days, "cost per lead" fell with every organic lead gained.

const END = "2026-03-31";
const START = addDays(END, -29);

/**
 * 120 days of a lead generation export: two paid campaigns (£300 a day, `paidLeads` a day, Poisson), organic search
 * (`organicLeads`) and a newsletter tag; each `before` in the comparison period and `after` in the report's.
 */
function exportCsv(paidLeads: [number, number], organicLeads: [number, number]): string {
  const draw = poisson(mulberry32(11));
  const random = mulberry32(23);
  const lines = ["date,campaign,source,medium,sessions,leads,cost"];
  for (let d = addDays(END, -119); d <= END; d = addDays(d, 1)) {
    const i = d >= START ? 1 : 0;
    const cost = (share: number) => (300 * share * (0.9 + 0.2 * random())).toFixed(2);
    lines.push(`${d},Brand,google,cpc,${draw(400)},${draw(paidLeads[i] * 0.4)},${cost(0.4)}`);
    lines.push(`${d},Generic,google,cpc,${draw(600)},${draw(paidLeads[i] * 0.6)},${cost(0.6)}`);
    lines.push(`${d},(organic),google,organic,${draw(2000)},${draw(organicLeads[i])},`);
    lines.push(`${d},weekly_digest,newsletter,email,${draw(300)},${draw(10)},`);
  }
  return lines.join("\n");
}

async function report(csv: string) {
  const world = await uploadWorld();
  await db()
    .update(clientProjects)
    .set({ siteType: "lead_generation", currency: "GBP" })
    .where(eq(clientProjects.id, world.project.id));
  expect((await uploadCsv(world.sourceId, world.main.token, csv)).status).toBe(200);
  const queued = await insertReport(world.project, { periodStart: START, periodEnd: END });
  await generateReport(queued.id);
  const rows = await db().select().from(insights).where(eq(insights.reportId, queued.id));
  const cpl = rows.find((r) => r.intentionKey === "cpl_by_campaign")!;
  const header = await call(kpisRoute.GET, {
    path: `/api/reports/${queued.id}/kpis`,
    params: { id: queued.id },
    token: world.main.token,
  });
  const headline = header.body.kpis.find((k: { metric: string }) => k.metric === "cpl");
  return { cpl, headline };
}

describe("cost per lead by campaign", () => {
  beforeEach(resetDatabase);

  it("is not called significant because organic leads grew: its change is tested on the paid campaigns' days", async () => {
    // Paid leads about steady (15 → 15.5 a day), organic leads up half (40 → 60): the site's cost over all its leads
    // fell a quarter, clearly; the paid campaigns' cost per lead moved within their noise.
    const { cpl, headline } = await report(exportCsv([15, 15.5], [40, 60]));
    expect(cpl.findings).toEqual([]);
    expect(cpl.summary).toBe("This intention didn't return any significant results.");
    // The header's figure says the same.
    expect(headline.significant).toBe(false);
  });

  it("finds a real rise of the paid campaigns' cost per lead, with the campaigns that drove it", async () => {
    // Paid leads fall 15 → 10 a day at the same spend (cost per lead +50 %); organic leads steady.
    const { cpl, headline } = await report(exportCsv([15, 10], [40, 40]));
    expect(cpl.summary).toMatch(/^Cost per lead rose to £[\d.]+ .*significant at 95% confidence/);
    const [total] = cpl.findings as { current: number; baseline: number; significant: boolean }[];
    expect(total.significant).toBe(true);
    expect(total.current / total.baseline).toBeGreaterThan(1.3);
    expect(headline.significant).toBe(true);
    expect(headline.current).toBeCloseTo(total.current, 6);
  });
});
