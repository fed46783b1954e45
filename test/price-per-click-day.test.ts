import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays } from "@/lib/dates";
import { db } from "@/server/db/client";
import { clientProjects, insights } from "@/server/db/schema";
import { generateReport } from "@/server/jobs/handlers/generate-report";
import { uploadCsv, uploadWorld } from "@/test/data-source-fixtures";
import { resetDatabase } from "@/test/db";
import { insertReport } from "@/test/report-fixtures";
import { NOISE_END, NOISE_START, noiseCsv } from "@/test/noise-shops";

// A campaign's cost is judged through its clicks and their price (segment-watch.ts `ordersEvidence`): a day of
// ordinary clicks at two and a half times their price is news by its price, where a day of cost that only followed
// its clicks is news only as far as the clicks are.

const DAY = addDays(NOISE_END, -10);

/** A Google Ads export of noise (test/noise-shops.ts) with Campaign 2's clicks on DAY at 2.5 times their price. */
function adsWithPriceDay(): string {
  const [header, ...rows] = noiseCsv(11, "ads").split("\n");
  const columns = header.split(",");
  const at = (name: string) => columns.indexOf(name);
  return [
    header,
    ...rows.map((row) => {
      const cells = row.split(",");
      if (cells[at("date")] !== DAY || cells[at("campaign")] !== "Campaign 2") return row;
      cells[at("cost")] = (Number(cells[at("cost")]) * 2.5).toFixed(2);
      return cells.join(",");
    }),
  ].join("\n");
}

describe("a campaign's day of cost", () => {
  beforeAll(resetDatabase);

  it("is news when its clicks' price jumped, on an ordinary number of clicks", async () => {
    const { main, project, sourceId } = await uploadWorld();
    await db().update(clientProjects).set({ siteType: "ecommerce" }).where(eq(clientProjects.id, project.id));
    expect((await uploadCsv(sourceId, main.token, adsWithPriceDay())).status).toBe(200);
    const queued = await insertReport(project, { periodStart: NOISE_START, periodEnd: NOISE_END });
    await generateReport(queued.id);
    const rows = await db().select().from(insights).where(eq(insights.reportId, queued.id));
    const days = rows.flatMap((r) => r.findings as { metric: string; dimensionValue: string | null; date?: string }[]);
    expect(days).toContainEqual(
      expect.objectContaining({ metric: "cost", dimensionValue: "Campaign 2", date: DAY, direction: "up" }),
    );
    // Its clicks were ordinary: no unusual day of them.
    expect(days.filter((f) => f.metric === "clicks" && f.dimensionValue === "Campaign 2" && f.date === DAY)).toEqual(
      [],
    );
  });
});
