import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import * as reportRoute from "@/app/api/reports/[id]/route";
import { db } from "@/server/db/client";
import { reports } from "@/server/db/schema";
import { generateReport } from "@/server/services/reports/generate-report";
import { PROGRESS_ANSWER_MS } from "@/server/services/reports/report-changes";
import { markReportReady, markReportRunning, setReportProgress } from "@/server/services/reports/report-status";
import { call } from "@/test/api";
import { resetDatabase } from "@/test/db";
import { createAgency } from "@/test/factories";
import { insertReport, reportWorld } from "@/test/report-fixtures";

// GET /reports/{id}?wait=N answers a queued or running report at its next change of status or
// progress (a real NOTIFY from the trigger on `reports`, heard by this process's listener), or
// after N seconds: a step while the report is being made no sooner than a quarter second after the
// request, a ready or failed report at once.

const waitFor = (id: string, token: string, query: string) =>
  call(reportRoute.GET, { path: `/api/reports/${id}?${query}`, params: { id }, token });

/** Resolves after `ms`, to tell "answered at the change" from "answered at the time limit". */
const after = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("waiting for a report to change", () => {
  beforeEach(resetDatabase);
  afterAll(async () => {
    // The listener's connection would keep the worker alive otherwise.
    const { stopListeningForReportChanges } = await import("@/server/services/reports/report-changes");
    await stopListeningForReportChanges();
  });

  it("answers at the next change of progress, then when the report is ready with its insights", async () => {
    const { project, viewer } = await reportWorld();
    const report = await insertReport(project);
    await markReportRunning(report.id);

    const started = Date.now();
    const waiting = waitFor(report.id, viewer.token, "wait=20&status=running&progress=5");
    await after(300);
    await setReportProgress(report.id, 60);
    const moved = await waiting;
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ status: "running", progress: 60 });
    // Answered at the change, long before its 20 s.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);

    // The generation moves the report (running at 5 again, 60, ready): the waiter answers at the
    // first of those; asked again with what it got, it is answered with the ready report.
    const next = waitFor(report.id, viewer.token, "wait=20&status=running&progress=60");
    await generateReport(report.id);
    const first = (await next).body;
    expect(first.status === "ready" || first.progress !== 60).toBe(true);
    const last = await waitFor(report.id, viewer.token, `wait=20&status=${first.status}&progress=${first.progress}`);
    expect(last.body).toMatchObject({ status: "ready", progress: 100 });
  });

  it("answers a caller behind a running report after a quarter second, and at once once it is done", async () => {
    const { project, viewer } = await reportWorld();
    const report = await insertReport(project);
    await markReportRunning(report.id);
    let started = Date.now();
    const stale = await waitFor(report.id, viewer.token, "wait=20&status=queued&progress=0");
    expect(stale.body).toMatchObject({ status: "running", progress: 5 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(PROGRESS_ANSWER_MS - 10);
    expect(Date.now() - started).toBeLessThan(5_000);
    await generateReport(report.id);
    started = Date.now();
    const done = await waitFor(report.id, viewer.token, "wait=20&status=running&progress=5");
    expect(done.body).toMatchObject({ status: "ready" });
    expect(Date.now() - started).toBeLessThan(PROGRESS_ANSWER_MS);
  });

  it("answers a short report once, when it is ready, not at each of its steps", async () => {
    const { project, viewer } = await reportWorld();
    const report = await insertReport(project);
    const waiting = waitFor(report.id, viewer.token, "wait=20&status=queued&progress=0");
    await after(50);
    await markReportRunning(report.id);
    await setReportProgress(report.id, 60);
    await markReportReady(db(), report.id);
    expect((await waiting).body).toMatchObject({ status: "ready", progress: 100 });
  });

  it("answers with the unchanged report when the wait runs out", async () => {
    const { project, viewer } = await reportWorld();
    const report = await insertReport(project);
    const started = Date.now();
    const same = await waitFor(report.id, viewer.token, "wait=1.5&status=queued&progress=0");
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ status: "queued", progress: 0 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_400);
  });

  it("is a 404 when the report is deleted while waited for, and for another agency's report", async () => {
    const { project, viewer } = await reportWorld();
    const report = await insertReport(project);
    await markReportRunning(report.id);
    const waiting = waitFor(report.id, viewer.token, "wait=20&status=running&progress=5");
    await after(200);
    await db().delete(reports).where(eq(reports.id, report.id));
    // No notification for a deleted row: the waiter's once-a-second re-read finds it gone.
    expect((await waiting).status).toBe(404);

    const other = await createAgency();
    const mine = await insertReport(project);
    const theirs = await waitFor(mine.id, other.token, "wait=5&status=queued&progress=0");
    expect(theirs.status).toBe(404);
  });

  it("refuses a wait that is not 0 to 25 seconds or an unknown status, and changes nothing", async () => {
    const { project, viewer } = await reportWorld();
    const report = await insertReport(project);
    for (const query of ["wait=26", "wait=-1", "wait=soon", "wait=5&status=done", "wait=5&progress=101"]) {
      const res = await waitFor(report.id, viewer.token, query);
      expect(res.status, query).toBe(400);
    }
    const [row] = await db().select().from(reports).where(eq(reports.id, report.id));
    expect(row).toMatchObject({ status: "queued", progress: 0 });
  });
});
