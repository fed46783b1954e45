import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { dataSources, insights, reports } from "@/server/db/schema";
import { boss } from "@/server/jobs/boss";
import { generateReportJob } from "@/server/jobs/contracts/generate-report";
import { isLeaseHeld } from "@/server/jobs/job-lease";
import { recoverAbandonedJobs, REPORT_ABANDONED_REASON } from "@/server/jobs/recover-abandoned-jobs";
import { markReportRunning, queueReport } from "@/server/services/reports/report-status";
import { importCsv } from "@/server/services/data-sources/upload/import-csv";
import { resetDatabase } from "@/test/db";
import { countObservations, uploadWorld } from "@/test/data-source-fixtures";
import { PERIOD_END, PERIOD_START, reportWorld } from "@/test/report-fixtures";

const children: ChildProcess[] = [];
afterAll(() => children.forEach((c) => c.kill("SIGKILL")));

/** Spawns a child and resolves once it prints `line` on stdout. */
function spawnUntil(command: string, args: string[], line: string): Promise<ChildProcess> {
  const child = spawn(command, args, { env: process.env, stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => d.toString().includes(line) && resolve(child));
    child.on("exit", (code) => reject(new Error(`child exited (${code}) before "${line}"`)));
  });
}

async function until<T>(probe: () => Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 200));
  }
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.on("exit", () => resolve());
    child.kill("SIGKILL");
  });

/** The report's job as a worker that then dies would leave it: taken (active) for a while, the report running. */
async function takeAndAbandon(reportId: string) {
  const instance = await boss();
  const [job] = await instance.fetch(generateReportJob.name);
  expect(job.data).toEqual({ reportId });
  await markReportRunning(reportId);
  await db().execute(sql`update pgboss.job set started_on = now() - interval '30 seconds' where id = ${job.id}`);
  return job.id;
}

describe("crash safety", () => {
  beforeEach(resetDatabase);

  it("a worker killed with SIGKILL mid-report: its job is retried at once by a worker and the report completes", async () => {
    const { project } = await reportWorld();
    const report = await queueReport({
      agencyId: project.agencyId,
      projectId: project.id,
      periodStart: PERIOD_START,
      periodEnd: PERIOD_END,
    });
    const jobId = await takeAndAbandon(report.id);
    // The dying worker holds the job's lease until the kill.
    const worker = await spawnUntil(
      process.execPath,
      [path.resolve("test/crash/hold-lease-child.mjs"), jobId],
      "locked",
    );
    expect(await isLeaseHeld(jobId)).toBe(true);
    expect((await recoverAbandonedJobs(await boss())).failed).toBe(0);
    await killed(worker);
    await until(async () => !(await isLeaseHeld(jobId)));

    // A worker (re)starting runs the recovery first; the job is retried and the report finishes.
    const { runWorker } = await import("@/server/jobs/run-worker");
    const running = await runWorker();
    try {
      const done = await until(async () => {
        const [row] = await db().select().from(reports).where(eq(reports.id, report.id));
        return row.status === "ready" && row;
      }, 90_000);
      expect(done.error).toBeNull();
      expect((await db().select().from(insights).where(eq(insights.reportId, report.id))).length).toBeGreaterThan(0);
    } finally {
      await running.stop();
    }
  }, 180_000);

  it("an abandoned report with no retry left is marked failed with a reason, never left running", async () => {
    const { project } = await reportWorld();
    const report = await queueReport({
      agencyId: project.agencyId,
      projectId: project.id,
      periodStart: PERIOD_START,
      periodEnd: PERIOD_END,
    });
    const jobId = await takeAndAbandon(report.id);
    await db().execute(sql`update pgboss.job set retry_count = retry_limit where id = ${jobId}`);
    await db().execute(sql`update reports set updated_at = now() - interval '1 minute' where id = ${report.id}`);
    const instance = await boss();
    // One pass fails the job (no retry left) and then finds the report without a job to finish it.
    expect(await recoverAbandonedJobs(instance)).toEqual({ failed: 1, reportsFailed: 1 });
    const [row] = await db().select().from(reports).where(eq(reports.id, report.id));
    expect(row).toMatchObject({ status: "failed", error: REPORT_ABANDONED_REASON });
  });

  it("a CSV import killed with SIGKILL mid-file writes nothing, and the same import then succeeds", async () => {
    const { project, sourceId } = await uploadWorld();
    // Node itself with tsx's loader (not the tsx command, which runs the script in a child of its
    // own that SIGKILL would not reach): the process killed is the one importing.
    const child = await spawnUntil(
      process.execPath,
      ["--import", "tsx", "--conditions=react-server", "test/crash/import-child.ts", sourceId, project.id],
      "midway",
    );
    await killed(child);
    expect(await countObservations(sourceId)).toBe(0);
    const [source] = await db().select().from(dataSources).where(eq(dataSources.id, sourceId));
    expect(source.additional).not.toHaveProperty("upload");

    const csv = "date,channel,sessions\n2024-01-01,Email,3\n2024-01-02,Email,4\n";
    async function* once() {
      yield Buffer.from(csv);
    }
    const summary = await importCsv(once(), { dataSourceId: sourceId, projectId: project.id });
    expect(summary.rows).toBe(2);
    expect(await countObservations(sourceId)).toBe(2);
  }, 180_000);
});
