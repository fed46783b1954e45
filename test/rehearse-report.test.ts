import { count } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { insights, reports } from "@/server/db/schema";
import { rehearseRecentReport } from "@/server/services/reports/rehearse-report";
import { uploadCsv, uploadWorld } from "@/test/data-source-fixtures";
import { resetDatabase } from "@/test/db";
import { SHOP_END, between, channelFactorCsv } from "@/test/generated-shop";

// The worker's last warm-up step (server/services/reports/rehearse-report.ts): a real project's report, computed and
// not kept.

describe("rehearsing a report at the worker's start", () => {
  beforeEach(resetDatabase);

  it("does nothing without data", async () => {
    expect(await rehearseRecentReport()).toBeNull();
  });

  it("runs the engine on the project imported last, over its last 30 days, and writes nothing", async () => {
    const first = await uploadWorld();
    expect(
      (
        await uploadCsv(
          first.sourceId,
          first.main.token,
          channelFactorCsv(5, "Email", () => 1),
        )
      ).status,
    ).toBe(200);
    const last = await uploadWorld();
    const csv = channelFactorCsv(6, "Paid Search", between("2026-11-05", "2026-11-20", 0.5));
    expect((await uploadCsv(last.sourceId, last.main.token, csv)).status).toBe(200);

    const rehearsed = await rehearseRecentReport();
    expect(rehearsed).toMatchObject({ projectId: last.project.id, periodEnd: SHOP_END });
    // The engine ran on the project's data: its halved Paid Search was found.
    expect(rehearsed!.findings).toBeGreaterThan(0);
    const [{ n: reportRows }] = await db().select({ n: count() }).from(reports);
    const [{ n: insightRows }] = await db().select({ n: count() }).from(insights);
    expect([reportRows, insightRows]).toEqual([0, 0]);
  });
});
