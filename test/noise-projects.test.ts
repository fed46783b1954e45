import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { isSeasonallyExpected } from "@/lib/insights/season";
import { db } from "@/server/db/client";
import { clientProjects, insights } from "@/server/db/schema";
import { generateReport } from "@/server/jobs/handlers/generate-report";
import { createSource, uploadCsv, uploadWorld } from "@/test/data-source-fixtures";
import { resetDatabase } from "@/test/db";
import { insertReport } from "@/test/report-fixtures";
import { NOISE_END, NOISE_SITE_TYPE, NOISE_START, noiseCsv, type NoiseModel } from "@/test/noise-shops";

// Projects of pure noise drawn as real sites' numbers are (test/noise-shops.ts), uploaded and reported on through the
// app: the bar is at most one significant finding outside the data quality audit. Each model's false findings
// before this test: a shop's small counts read as steps (their noise estimated low by chance), a season's rise as a
// weekday's step and as news beyond the season, a few large baskets as a segment's unusual day of revenue, and a
// campaign's cost on a day of many clicks as news beyond its clicks'.

const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];

/** The report's significant findings outside the audit that are not what the season predicts. */
async function falseFindings(model: NoiseModel | "agency", seed: number): Promise<string[]> {
  const { main, project, sourceId } = await uploadWorld();
  const siteType = model === "agency" ? "ecommerce" : NOISE_SITE_TYPE[model];
  await db().update(clientProjects).set({ siteType }).where(eq(clientProjects.id, project.id));
  expect((await uploadCsv(sourceId, main.token, noiseCsv(seed, model === "agency" ? "shop" : model))).status).toBe(200);
  // An agency's usual project: the shop's analytics export, its Search Console and its Google Ads, each a source.
  if (model === "agency")
    for (const [name, of] of [
      ["Search Console", "search"],
      ["Google Ads", "ads"],
    ] as const) {
      const created = await createSource(project.id, main.token, { name });
      expect((await uploadCsv(created.body._id as string, main.token, noiseCsv(seed + 50, of))).status).toBe(200);
    }
  const queued = await insertReport(project, { periodStart: NOISE_START, periodEnd: NOISE_END });
  await generateReport(queued.id);
  const rows = await db().select().from(insights).where(eq(insights.reportId, queued.id));
  return rows
    .filter((r) => r.group !== "data_quality")
    .flatMap((r) =>
      (r.findings as { pValue?: unknown }[])
        .filter((f) => typeof f.pValue === "number" && !isSeasonallyExpected(f))
        .map(() => r.summary),
    );
}

describe("reports on noise uploaded as a site's own numbers", () => {
  beforeAll(resetDatabase);

  it.each(["shop", "busy_days", "season", "leads", "search", "ads", "agency"] as const)(
    "show at most one significant finding on a %s project, and seldom one",
    async (model) => {
      const found = await Promise.all(SEEDS.map((seed) => falseFindings(model, seed)));
      for (const [i, summaries] of found.entries())
        expect(summaries.length, `seed ${SEEDS[i]}: ${summaries.join(" | ")}`).toBeLessThanOrEqual(1);
      // A quarter of a false finding per project at the most.
      expect(found.flat().length).toBeLessThanOrEqual(SEEDS.length / 4);
    },
  );
});
