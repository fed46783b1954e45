import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { clientProjects, insights } from "@/server/db/schema";
import { generateReport } from "@/server/services/reports/generate-report";
import { uploadCsv, uploadWorld } from "@/test/data-source-fixtures";
import { resetDatabase } from "@/test/db";
import { insertReport } from "@/test/report-fixtures";

// Real exports of users alone (a GA4 report snapshot of Users and New users by day, Universal Analytics' users by
// Day Index, ../shared/real-exports) are a site's traffic: their report asks about visitors, and a project whose data
// has sessions is asked about sessions, never both.

const FILES = path.resolve(import.meta.dirname, "../../shared/real-exports/files");

async function questionsOn(file: string, period: { periodStart: string; periodEnd: string }) {
  await resetDatabase();
  const { main, project, sourceId } = await uploadWorld();
  await db().update(clientProjects).set({ siteType: "content" }).where(eq(clientProjects.id, project.id));
  expect((await uploadCsv(sourceId, main.token, fs.readFileSync(path.join(FILES, file)), file)).status).toBe(200);
  const report = await insertReport(project, period);
  await generateReport(report.id);
  const rows = await db().select().from(insights).where(eq(insights.reportId, report.id));
  return rows.map((r) => r.title);
}

describe("a report on an export of users alone", () => {
  it("asks about the GA4 snapshot's visitors: unusual days, their trend and the change in new users", async () => {
    const titles = await questionsOn("ga4-reports-snapshot-nth-day-544d.csv", {
      periodStart: "2023-10-30",
      periodEnd: "2023-11-26",
    });
    expect(titles).toEqual(expect.arrayContaining(["Unusual visitor days", "Visitor trend", "New users change"]));
  });

  it("asks about Universal Analytics' users by Day Index", async () => {
    const titles = await questionsOn("ua-gmerch-demo-day-index-users-jan2019.csv", {
      periodStart: "2019-01-18",
      periodEnd: "2019-01-31",
    });
    expect(titles).toEqual(expect.arrayContaining(["Unusual visitor days", "Visitor trend"]));
    // No new users in that export: no question about them.
    expect(titles).not.toContain("New users change");
  });

  it("does not ask about visitors when the data has sessions (Shopify's sessions and visitors by week)", async () => {
    const titles = await questionsOn("shopify-visitors-sessions-over-time-weekly-2024.csv", {
      periodStart: "2024-12-02",
      periodEnd: "2024-12-29",
    });
    expect(titles).toContain("Traffic change");
    expect(titles).not.toEqual(expect.arrayContaining(["Unusual visitor days"]));
    expect(titles).not.toContain("Visitor trend");
  });
});
