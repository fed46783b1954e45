import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startPartnerFake, type PartnerFake } from "@/e2e/fakes/partners/server";
import { resetPartnerConfig } from "@/server/integrations/partners/config";
import { syncPartnerSource } from "@/server/services/data-sources/sync/partners/run-partner-sync";
import { addDays } from "@/lib/dates";
import { db } from "@/server/db/client";
import * as settingsRoute from "@/app/api/properties/[id]/settings/route";
import { dataSources } from "@/server/db/schema";
import { generateReport } from "@/server/services/reports/generate-report";
import { call } from "@/test/api";
import { resetDatabase } from "@/test/db";
import { insertReport, listInsights, PERIOD_END, PERIOD_START, reportWorld } from "@/test/report-fixtures";

// Generated partner data in the shape the connectors store it: the keyword partner's positions of
// the client's domain (keyword rows: impressions = daily searches, position_weighted = position ×
// searches), the competitor source's visits (channel "Competitor", source = domain) and the
// competitor's positions (the same, with the keyword). In the report period rival.example takes
// the top 3 from the client on five keywords and doubles its visits.
const COMPARISON_START = addDays(PERIOD_START, -28);

async function seedPartners(
  project: { id: string; agencyId: string },
  competitors = ["https://rival.example"],
  salt = "",
) {
  const [kw] = await db()
    .insert(dataSources)
    .values({
      agencyId: project.agencyId,
      projectId: project.id,
      sourceName: "keyword_partner",
      kind: "keyword_partner",
      name: "Semrush",
      additional: { campaignId: "1", domain: "acme.example" },
    })
    .returning();
  const [comp] = await db()
    .insert(dataSources)
    .values({
      agencyId: project.agencyId,
      projectId: project.id,
      sourceName: "competitor",
      kind: "competitor",
      name: "Similarweb",
      additional: { competitors },
    })
    .returning();
  const rows: string[] = [];
  const set = async (key: string, cols: Record<string, string | null>) => {
    const names = Object.keys(cols);
    const res = await db().execute<{ id: number }>(
      sql.raw(
        `insert into dimension_sets (project_id, key, ${names.join(", ")}) values ('${project.id}', md5('${salt}${key}'), ${names.map((n) => (cols[n] === null ? "null" : `'${cols[n]}'`)).join(", ")}) returning id`,
      ),
    );
    return Number(res.rows[0].id);
  };
  const visitsSet = await set("visits rival", { channel: "Competitor", source: "rival.example" });
  for (let k = 0; k < 10; k++) {
    const mine = await set(`kw ${k}`, { keyword: `shoes ${k}` });
    const theirs = await set(`kw ${k} rival`, {
      channel: "Competitor",
      source: "rival.example",
      keyword: `shoes ${k}`,
    });
    for (let i = 0; i < 56; i++) {
      const date = addDays(COMPARISON_START, i);
      const inPeriod = date >= PERIOD_START;
      const myPos = k < 5 ? (inPeriod ? 6 : 2) : 1;
      const theirPos = k < 5 ? (inPeriod ? 1 : 9) : 4;
      rows.push(`('${kw.id}','${project.id}','${date}',${mine},null,50,${50 * myPos})`);
      rows.push(`('${comp.id}','${project.id}','${date}',${theirs},null,50,${50 * theirPos})`);
      if (k === 0)
        rows.push(`('${comp.id}','${project.id}','${date}',${visitsSet},${inPeriod ? 4000 : 2000},null,null)`);
    }
  }
  await db().execute(
    sql.raw(
      `select observations_partition(id) from data_sources where project_id = '${project.id}';
       insert into observations (data_source_id, project_id, date, dimension_set_id, sessions, impressions, position_weighted) values ${rows.join(",")}`,
    ),
  );
}

async function competitionInsight(project: { id: string; agencyId: string }, token: string) {
  const report = await insertReport(project);
  await generateReport(report.id);
  const docs = (await listInsights(project.id, token, `?reportId=${report.id}`)).body.docs as {
    intention: { key: string };
    title: string;
    summary: string;
    findings: { metric: string; dimensionValue: string; narrative: string; current: number; baseline: number }[];
    chart: { type: string; points: unknown[] } | null;
  }[];
  return docs.find((d) => d.intention.key === "competitive_position");
}

describe("competitive analysis in reports", () => {
  beforeEach(resetDatabase);

  it("compares the client's domain with each competitor, with the top-3 drivers", async () => {
    const { project, viewer } = await reportWorld();
    await seedPartners(project);
    const insight = await competitionInsight(project, viewer.token);
    expect(insight).toBeDefined();
    expect(insight!.title).toBe("Competitive position");
    const byMetric = new Map(insight!.findings.map((f) => [f.metric, f]));
    expect([...byMetric.keys()]).toEqual([
      "top3Keywords",
      "visibility",
      "sharedKeywords",
      "missingKeywords",
      "trafficShare",
    ]);
    expect(insight!.findings.every((f) => f.dimensionValue === "rival.example")).toBe(true);
    expect(byMetric.get("top3Keywords")!.narrative).toBe(
      "acme.example lost 5 keywords in the top 3 to rival.example (shoes 0, shoes 1, shoes 2, shoes 3, shoes 4).",
    );
    expect(byMetric.get("sharedKeywords")!.current).toBe(10);
    expect(byMetric.get("visibility")!.current).toBeLessThan(byMetric.get("visibility")!.baseline);
    expect(byMetric.get("trafficShare")!.current).toBeLessThan(byMetric.get("trafficShare")!.baseline);
    expect(insight!.summary).toContain("lost 5 keywords in the top 3 to rival.example");
    expect(insight!.chart?.type).toBe("series");
    expect(insight!.chart?.points.length).toBe(28);
  });

  it("is left out when the option is off or the project has no competitor source", async () => {
    const { project, viewer, main } = await reportWorld();
    expect(await competitionInsight(project, viewer.token)).toBeUndefined();
    await seedPartners(project, []);
    expect(await competitionInsight(project, viewer.token)).toBeUndefined();
    await db().delete(dataSources).where(eq(dataSources.kind, "competitor"));
    await seedPartners(project, undefined, "again ");
    // The project option, through PUT /properties/{id}/settings (on by default).
    const settings = (body: unknown) =>
      call(settingsRoute.PUT, {
        method: "PUT",
        path: `/api/properties/${project.id}/settings`,
        params: { id: project.id },
        token: main.token,
        body,
      });
    expect((await settings({ competitiveAnalysis: "no" })).status).toBe(400);
    const off = await settings({ competitiveAnalysis: false });
    expect(off.status).toBe(200);
    expect(off.body.effective.competitiveAnalysis).toBe(false);
    expect(await competitionInsight(project, viewer.token)).toBeUndefined();
  });

  describe("from the partners' APIs", () => {
    let fake: PartnerFake;
    beforeAll(async () => {
      fake = await startPartnerFake();
      process.env.SEMRUSH_API_URL = fake.url;
      process.env.SEMRUSH_API_KEY = "semrush-test-key";
      process.env.SIMILARWEB_API_URL = fake.url;
      process.env.SIMILARWEB_API_KEY = "similarweb-test-key";
      resetPartnerConfig();
    });
    afterAll(async () => {
      await fake.close();
      resetPartnerConfig();
    });

    it("imports competitors' positions on the campaign's keywords with their visits, and compares them", async () => {
      const { project, viewer } = await reportWorld();
      const [kw, comp] = await db()
        .insert(dataSources)
        .values([
          {
            agencyId: project.agencyId,
            projectId: project.id,
            sourceName: "keyword_partner",
            kind: "keyword_partner" as const,
            name: "Semrush",
            additional: { campaignId: "12920575_1209408", domain: "acme.example" },
          },
          {
            agencyId: project.agencyId,
            projectId: project.id,
            sourceName: "competitor",
            kind: "competitor" as const,
            name: "Similarweb",
            additional: { competitors: ["rival.example"] },
          },
        ])
        .returning();
      const today = addDays(PERIOD_END, 1);
      expect((await syncPartnerSource(kw.id, { today })).status).toBe("succeeded");
      expect((await syncPartnerSource(comp.id, { today })).status).toBe("succeeded");
      expect(fake.requests.filter((p) => p.endsWith("/tracking/")).length).toBeGreaterThan(1);
      const insight = await competitionInsight(project, viewer.token);
      const byMetric = new Map(insight!.findings.map((f) => [f.metric, f]));
      // The fake ranks every mask alike: the three keywords are shared, none is missing.
      expect(byMetric.get("sharedKeywords")!.current).toBe(3);
      expect(byMetric.get("missingKeywords")!.current).toBe(0);
      expect(byMetric.get("trafficShare")!.current).toBeGreaterThan(0);
      expect(byMetric.get("trafficShare")!.current).toBeLessThan(1);
    });
  });
});
