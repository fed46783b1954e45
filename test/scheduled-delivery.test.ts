import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as createRoute from "@/app/api/insights/[id]/schedules/route";
import * as userSchedulesRoute from "@/app/api/users/[id]/schedules/route";
import { db } from "@/server/db/client";
import { clientProjects, reports, scheduleRuns, schedules } from "@/server/db/schema";
import { scheduleTick } from "@/server/jobs/handlers/schedule-tick";
import { INTERRUPTED_REASON } from "@/server/services/deliveries/delivery-record";
import { deliverScheduleRun } from "@/server/services/deliveries/scheduled-delivery";
import { call } from "@/test/api";
import { resetDatabase } from "@/test/db";
import { leaves, parseMime } from "@/test/mime";
import { reportWorld } from "@/test/report-fixtures";
import { smtpInbox } from "@/test/smtp-inbox";

// A schedule due on 2 April 2026 at 09:00 (London) reports on March 2026, the month the fixture's
// data ends with. The tick turns it into a run; the delivery job (run here directly) generates the
// report for that closed period and emails it, once, whatever crashes in between.

let inbox: Awaited<ReturnType<typeof smtpInbox>>;
let world: Awaited<ReturnType<typeof reportWorld>>;
const DUE = new Date("2026-04-02T08:00:00Z"); // 09:00 BST
const NOW = new Date("2026-04-02T08:00:30Z");

async function dueRun(): Promise<string> {
  const res = await call(createRoute.POST, {
    path: `/api/insights/${world.project.id}/schedules`,
    params: { id: world.project.id },
    token: world.main.token,
    body: {
      frequency: "monthly",
      monthDay: "second",
      timeOfDay: "09:00",
      recipients: "boss@acme.example",
      subject: "Acme monthly",
      format: "xlsx",
    },
  });
  expect(res.status).toBe(201);
  await db().update(schedules).set({ nextRunAt: DUE }).where(eq(schedules.id, res.body._id));
  expect(await scheduleTick(NOW)).toEqual({ created: 1, requeued: 0 });
  const [run] = await db().select().from(scheduleRuns).where(eq(scheduleRuns.scheduleId, res.body._id));
  expect(run).toMatchObject({ status: "queued", periodStart: "2026-03-01", periodEnd: "2026-03-31" });
  return run.id;
}

const runRow = async (id: string) => (await db().select().from(scheduleRuns).where(eq(scheduleRuns.id, id)))[0];
const mailsTo = (address: string) => inbox.received.filter((m) => m.to.includes(address));

beforeAll(async () => {
  inbox = await smtpInbox();
  process.env.SMTP_URL = inbox.url;
});
afterAll(async () => {
  await inbox.stop();
});
beforeEach(async () => {
  await resetDatabase();
  inbox.received.length = 0;
  world = await reportWorld();
  await db().update(clientProjects).set({ timeZone: "Europe/London" }).where(eq(clientProjects.id, world.project.id));
});

describe("a scheduled delivery", () => {
  it("generates the report for the closed period and emails it once, however often the job runs", async () => {
    const runId = await dueRun();
    expect(await deliverScheduleRun(runId, "test")).toMatchObject({ kind: "delivered" });
    expect(await deliverScheduleRun(runId, "test")).toEqual({ kind: "skipped", why: "done" });

    const run = await runRow(runId);
    expect(run).toMatchObject({ status: "delivered", attempts: 1, error: null });
    const [report] = await db().select().from(reports).where(eq(reports.id, run.reportId!));
    expect(report).toMatchObject({
      status: "ready",
      periodStart: "2026-03-01",
      periodEnd: "2026-03-31",
      name: `${world.project.name} 2026-03-01 to 2026-03-31`,
    });

    const mails = mailsTo("boss@acme.example");
    expect(mails).toHaveLength(1);
    const root = parseMime(mails[0].raw);
    expect(root.headers.subject).toBe("Acme monthly");
    const parts = leaves(root);
    expect(parts.some((p) => p.contentType === "text/plain")).toBe(true);
    expect(parts.some((p) => p.contentType === "text/html")).toBe(true);
    const text = parts.find((p) => p.contentType === "text/plain")!.body.toString("utf8");
    expect(text).toContain("Mar 1, 2026 – Mar 31, 2026");
    expect(
      parts.find((p) => /attachment/i.test(p.headers["content-disposition"] ?? ""))?.headers["content-type"],
    ).toContain("spreadsheetml");

    // The list shows the last run.
    const list = await call(userSchedulesRoute.GET, {
      path: `/api/users/${world.main.admin.id}/schedules`,
      params: { id: world.main.admin.id },
      token: world.main.token,
    });
    expect(list.body.docs[0].lastRun).toMatchObject({ status: "delivered", dueAt: DUE.toISOString() });
  });

  it("a worker killed between generating and sending: the retry reuses the report and sends once", async () => {
    const runId = await dueRun();
    const killed = new Error("worker killed");
    await expect(
      deliverScheduleRun(runId, "test", {
        beforeSend: async () => {
          throw killed;
        },
      }),
    ).rejects.toThrow();
    const afterCrash = await runRow(runId);
    expect(afterCrash.reportId).not.toBeNull();
    expect(afterCrash.sendingAt).toBeNull();
    const [generated] = await db().select().from(reports).where(eq(reports.id, afterCrash.reportId!));
    // What a kill (no catch block ran) leaves: still "delivering", the lease run out.
    await db()
      .update(scheduleRuns)
      .set({ status: "delivering", error: null, leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(scheduleRuns.id, runId));
    expect(mailsTo("boss@acme.example")).toHaveLength(0);

    expect(await deliverScheduleRun(runId, "test")).toMatchObject({ kind: "delivered" });
    expect(await deliverScheduleRun(runId, "test")).toEqual({ kind: "skipped", why: "done" });
    expect(mailsTo("boss@acme.example")).toHaveLength(1);
    const allReports = await db().select().from(reports).where(eq(reports.projectId, world.project.id));
    expect(allReports).toHaveLength(1);
    expect(allReports[0].finishedAt?.getTime()).toBe(generated.finishedAt?.getTime());
    expect(await runRow(runId)).toMatchObject({ status: "delivered", attempts: 2 });
  });

  it("a worker that dies after the mail server took the message: never sent a second time", async () => {
    const runId = await dueRun();
    await expect(
      deliverScheduleRun(runId, "test", {
        afterSend: async () => {
          throw new Error("worker killed after sending");
        },
      }),
    ).rejects.toThrow();
    expect(mailsTo("boss@acme.example")).toHaveLength(1);
    // The job's retry, and the state a hard kill leaves behind, both end without a second copy.
    expect(await deliverScheduleRun(runId, "test")).toEqual({ kind: "skipped", why: "done" });
    await db()
      .update(scheduleRuns)
      .set({ status: "delivering", leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(scheduleRuns.id, runId));
    expect(await deliverScheduleRun(runId, "test")).toEqual({ kind: "skipped", why: "done" });
    expect(mailsTo("boss@acme.example")).toHaveLength(1);
    expect(await runRow(runId)).toMatchObject({ status: "failed", error: INTERRUPTED_REASON });
  });

  it("a mail server that is down: the run is failed with the reason, then delivered by the retry", async () => {
    const runId = await dueRun();
    await inbox.stop();
    try {
      await expect(deliverScheduleRun(runId, "test")).rejects.toThrow(/mail server/);
      expect(await runRow(runId)).toMatchObject({ status: "failed", error: expect.stringContaining("mail server") });
    } finally {
      await inbox.start();
    }
    expect(await deliverScheduleRun(runId, "test")).toMatchObject({ kind: "delivered" });
    expect(mailsTo("boss@acme.example")).toHaveLength(1);
    expect(await runRow(runId)).toMatchObject({ status: "delivered", attempts: 2 });
  });
});
