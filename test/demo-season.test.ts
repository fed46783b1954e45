import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { clientProjects, insights } from "@/server/db/schema";
import { seedDemo } from "@/server/db/seed-demo";
import { generateReport } from "@/server/services/reports/generate-report";
import { resetDatabase } from "@/test/db";
import { insertReport } from "@/test/report-fixtures";

// The demo shop's November, its data ending on 28 November 2026: a 48-hour flash sale email 12 and 11 days before,
// and the Black Friday week, which the same week of 2025 had too. Its visits step up 40 % on Nov 20, as the season
// says; a forecast that has last year's season in it, scaled by that step on top of it, read the week as "below the
// expected range on 7 days in a row, from Nov 20, 2026 to Nov 26, 2026: about 5,114 a day against about 7,064
// expected" (analyses/anomalies.ts).

type Stored = { kind: string; metric: string; dimensionValue: string | null; date?: string; direction: string };

describe("the demo shop's Black Friday week", () => {
  let rows: (typeof insights.$inferSelect)[] = [];
  beforeAll(async () => {
    await resetDatabase();
    await seedDemo("Demo123!", new Date("2026-11-29T12:00:00Z"));
    const [shop] = await db().select().from(clientProjects).where(eq(clientProjects.siteType, "ecommerce"));
    const queued = await insertReport(shop, { periodStart: "2026-10-30", periodEnd: "2026-11-28" });
    await generateReport(queued.id);
    rows = await db().select().from(insights).where(eq(insights.reportId, queued.id)).orderBy(insights.rank);
  }, 120_000);

  it("is the season's step, and its days are not below the expected range", () => {
    const site = rows
      .flatMap((r) => r.findings as Stored[])
      .filter((f) => f.metric === "sessions" && f.dimensionValue === null);
    expect(site.filter((f) => f.kind === "anomaly" && f.direction === "down" && f.date! >= "2026-11-20")).toEqual([]);
    expect(rows.find((r) => r.intentionKey === "sessions_trend")!.summary).toMatch(
      /Expected for the season: the same days last year moved \+\d+\.\d%\./,
    );
  });

  it("tells the flash sale's two days as unusual days of the site's visits, from its email", () => {
    expect(rows.find((r) => r.intentionKey === "sessions_anomalies")!.summary).toMatch(
      new RegExp(
        "^(\\d+ days were outside the expected range\\. )?" +
          "Sessions were above the expected range on 2 days in a row, from Nov 16, 2026 to Nov 17, 2026",
      ),
    );
  });
});
