import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { reports } from "@/server/db/schema";
import { boss } from "@/server/jobs/boss";
import { generateReportJob } from "@/server/jobs/contracts/generate-report";
import { queuedJobs, resetDatabase } from "@/test/db";
import { PERIOD_END, PERIOD_START, insertReport } from "@/test/report-fixtures";
import { createAgency } from "@/test/factories";
import { insertClient, insertProject } from "@/test/workspace";
import { markReportFailed, markReportReady, markReportRunning, queueReport, setReportProgress } from "./report-status";

const stored = async (id: string) => (await db().select().from(reports).where(eq(reports.id, id)))[0];

async function aProject() {
  const main = await createAgency();
  const client = await insertClient(main.agency.id, { name: "Acme" });
  return insertProject(client, { name: "Acme shop" });
}

describe("a report's status", () => {
  beforeAll(async () => {
    await boss(); // pg-boss's tables exist before the test reads queued jobs
  });
  beforeEach(resetDatabase);

  it("starts queued, with its generation job queued for it", async () => {
    const project = await aProject();
    const report = await queueReport({
      agencyId: project.agencyId,
      projectId: project.id,
      periodStart: PERIOD_START,
      periodEnd: PERIOD_END,
      compareTo: "previous_period",
    });
    expect(await stored(report.id)).toMatchObject({ status: "queued", progress: 0, error: null, startedAt: null });
    expect(await queuedJobs(generateReportJob.name)).toContainEqual({ reportId: report.id });
  });

  it("runs with progress kept between 0 and 99, then is ready at 100 inside the writing transaction", async () => {
    const report = await insertReport(await aProject());
    await markReportRunning(report.id);
    expect(await stored(report.id)).toMatchObject({ status: "running", progress: 5, finishedAt: null });
    expect((await stored(report.id)).startedAt).not.toBeNull();

    await setReportProgress(report.id, 140);
    expect((await stored(report.id)).progress).toBe(99);
    await setReportProgress(report.id, -3);
    expect((await stored(report.id)).progress).toBe(0);

    await db().transaction((tx) => markReportReady(tx, report.id));
    const ready = await stored(report.id);
    expect(ready).toMatchObject({ status: "ready", progress: 100, error: null });
    expect(ready.finishedAt).not.toBeNull();
  });

  it("fails with its reason, cut to 1,000 characters, and a re-run clears the reason", async () => {
    const report = await insertReport(await aProject());
    await markReportRunning(report.id);
    await markReportFailed(report.id, new Error("x".repeat(1500)));
    const failed = await stored(report.id);
    expect(failed.status).toBe("failed");
    expect(failed.error).toBe("x".repeat(1000));
    expect(failed.finishedAt).not.toBeNull();

    await markReportFailed(report.id, "the data source was removed");
    expect((await stored(report.id)).error).toBe("the data source was removed");

    await markReportRunning(report.id);
    expect(await stored(report.id)).toMatchObject({ status: "running", error: null, finishedAt: null });
  });

  it("stays running when the transaction that writes the insights is rolled back: never ready without them", async () => {
    const report = await insertReport(await aProject());
    await markReportRunning(report.id);
    await expect(
      db().transaction(async (tx) => {
        await markReportReady(tx, report.id);
        throw new Error("insights could not be written");
      }),
    ).rejects.toThrow("insights could not be written");
    expect((await stored(report.id)).status).toBe("running");
  });
});
