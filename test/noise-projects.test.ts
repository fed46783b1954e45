import { beforeAll, describe, expect, it } from "vitest";
import { isSeasonallyExpected } from "@/lib/insights/season";
import { resetDatabase } from "@/test/db";
import { reportOnShop } from "@/test/generated-shop";
import { NOISE_SITE_TYPE, noiseCsv, type NoiseModel } from "@/test/noise-shops";

// Projects of pure noise drawn as real sites' numbers are (test/noise-shops.ts), uploaded and reported on through the
// app: the bar is at most one significant finding outside the data quality audit. Each model's false findings
// before this test: a shop's small counts read as steps (their noise estimated low by chance), a season's rise as a
// weekday's step and as news beyond the season, a few large baskets as a segment's unusual day of revenue, and a
// campaign's cost on a day of many clicks as news beyond its clicks'.

const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];

/** The report's significant findings outside the audit that are not what the season predicts. */
async function falseFindings(model: NoiseModel | "agency", seed: number): Promise<string[]> {
  // An agency's usual project: the shop's analytics export, its Search Console and its Google Ads, each a source.
  const rows =
    model === "agency"
      ? await reportOnShop(noiseCsv(seed, "shop"), "ecommerce", [
          { name: "Search Console", csv: noiseCsv(seed + 50, "search") },
          { name: "Google Ads", csv: noiseCsv(seed + 50, "ads") },
        ])
      : await reportOnShop(noiseCsv(seed, model), NOISE_SITE_TYPE[model]);
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
