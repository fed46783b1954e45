import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as createRoute from "@/app/api/insights/[id]/schedules/route";
import * as scheduleRoute from "@/app/api/schedules/[id]/route";
import type { DropboxFake } from "@/e2e/fakes/dropbox/server";
import { DROPBOX_MESSAGES } from "@/lib/constants/dropbox-messages";
import { DELIVERY_MESSAGES } from "@/lib/constants/messages";
import { db } from "@/server/db/client";
import { clientProjects, reports, scheduleRuns, schedules, thirdPartySessions } from "@/server/db/schema";
import { scheduleTick } from "@/server/jobs/handlers/schedule-tick";
import { INTERRUPTED_REASON } from "@/server/services/deliveries/delivery-record";
import { deliverScheduleRun } from "@/server/services/deliveries/scheduled-delivery";
import { call } from "@/test/api";
import { resetDatabase } from "@/test/db";
import { ACCOUNTS, connectDropbox, startDropboxForTests } from "@/test/dropbox-fixtures";
import { createAgency } from "@/test/factories";
import { reportWorld } from "@/test/report-fixtures";

// A schedule that saves the report into a Dropbox folder: made with a folder of the connected
// account, run by the tick on 2 April 2026 (reporting on March), uploaded with add and autorename
// into the fake, once; Dropbox's refusals (401, 409 path, 429, 5xx) become the run's reason.

let fake: DropboxFake;
let world: Awaited<ReturnType<typeof reportWorld>>;
const DUE = new Date("2026-04-02T08:00:00Z"); // 09:00 BST
const FOLDER = "/Client Reports/Bramble";

beforeAll(async () => {
  fake = await startDropboxForTests();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(async () => {
  await resetDatabase();
  world = await reportWorld();
  await db().update(clientProjects).set({ timeZone: "Europe/London" }).where(eq(clientProjects.id, world.project.id));
  await connectDropbox(fake, world.main.token, ACCOUNTS.business);
});

const create = (body: Record<string, unknown>, token = world.main.token, projectId = world.project.id) =>
  call(createRoute.POST, {
    path: `/api/insights/${projectId}/schedules`,
    params: { id: projectId },
    token,
    body: { delivery: "dropbox", frequency: "monthly", monthDay: "second", timeOfDay: "09:00", ...body },
  });
const update = (id: string, body: Record<string, unknown>) =>
  call(scheduleRoute.PUT, {
    method: "PUT",
    path: `/api/schedules/${id}`,
    params: { id },
    token: world.main.token,
    body,
  });

/** Makes the schedule due and lets the tick create its run. */
async function dueRun(scheduleId: string, due = DUE): Promise<string> {
  await db().update(schedules).set({ nextRunAt: due }).where(eq(schedules.id, scheduleId));
  await scheduleTick(new Date(due.getTime() + 30_000));
  const [run] = await db()
    .select()
    .from(scheduleRuns)
    .where(and(eq(scheduleRuns.scheduleId, scheduleId), eq(scheduleRuns.dueAt, due)));
  return run.id;
}
const runRow = async (id: string) => (await db().select().from(scheduleRuns).where(eq(scheduleRuns.id, id)))[0];
const filesIn = (folder: string) => fake.files.filter((f) => f.path.startsWith(`${folder}/`));

describe("Dropbox schedules", () => {
  it("are made with a folder and a format of the connected Dropbox, shown with the folder", async () => {
    const res = await create({ folder: FOLDER, format: "xlsx" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ delivery: "dropbox", folder: FOLDER, format: "xlsx", recipients: [] });
    expect(res.body.nextRunAt).toBeTruthy();
    const [row] = await db().select().from(schedules).where(eq(schedules.id, res.body._id));
    const [session] = await db()
      .select()
      .from(thirdPartySessions)
      .where(eq(thirdPartySessions.userId, world.main.admin.id));
    expect(row).toMatchObject({ dropboxPath: FOLDER, thirdPartySessionId: session.id, recipients: [] });

    // Edited: another folder and PowerPoint; it stays a Dropbox schedule whatever the body says.
    const edited = await update(res.body._id, { folder: "/Ana Ruiz", format: "pptx", delivery: "email" });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ delivery: "dropbox", folder: "/Ana Ruiz", format: "pptx" });
    const paused = await update(res.body._id, { isActive: false });
    expect(paused.body).toMatchObject({ isActive: false, folder: "/Ana Ruiz" });
  });

  it("refuses a bad folder or format with field errors, and needs Dropbox connected; nothing written", async () => {
    const bad = await create({ folder: "../etc", format: "none" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      folder: "Choose a folder from the list",
      format: "Choose PowerPoint or Excel",
    });
    const other = await createAgency();
    const foreign = await create({ folder: FOLDER }, other.token);
    expect(foreign.status).toBe(404);
    await db().update(thirdPartySessions).set({ revokedAt: new Date() });
    const unconnected = await create({ folder: FOLDER });
    expect(unconnected.status).toBe(400);
    expect(unconnected.body.message).toBe(DROPBOX_MESSAGES.notConnected);
    expect(await db().select().from(schedules)).toHaveLength(0);
  });

  it("runs: the report for the closed period is saved into the folder once, the next run renamed, not replaced", async () => {
    const res = await create({ folder: FOLDER, format: "xlsx" });
    const before = filesIn(FOLDER).length;
    const runId = await dueRun(res.body._id);
    expect(await deliverScheduleRun(runId, "test")).toMatchObject({ kind: "delivered" });
    expect(await deliverScheduleRun(runId, "test")).toEqual({ kind: "skipped", why: "done" });
    const run = await runRow(runId);
    expect(run).toMatchObject({ status: "delivered", attempts: 1, error: null, periodStart: "2026-03-01" });
    // Named after the report: the project and the month it covers.
    expect(run.result).toMatchObject({
      dropboxPath: `${FOLDER}/Acme leads – March 2026 – Insights.xlsx`,
      folder: FOLDER,
    });
    const [report] = await db().select().from(reports).where(eq(reports.id, run.reportId!));
    expect(report).toMatchObject({ status: "ready", periodStart: "2026-03-01", periodEnd: "2026-03-31" });
    const saved = filesIn(FOLDER).slice(before);
    expect(saved).toHaveLength(1);
    expect(saved[0].bytes.subarray(0, 2).toString()).toBe("PK");
    expect(saved[0].bytes.length).toBe(run.result!.size);

    // A second run on the same month (as a schedule on the 15th after one on the 2nd would): the same name, so
    // Dropbox renames the new file and the earlier one is left as it is.
    const second = await dueRun(res.body._id, new Date("2026-04-15T08:00:00Z"));
    expect(await deliverScheduleRun(second, "test")).toMatchObject({ kind: "delivered" });
    expect((await runRow(second)).result).toMatchObject({
      dropboxPath: `${FOLDER}/Acme leads – March 2026 – Insights (1).xlsx`,
    });
    expect(filesIn(FOLDER).slice(before)).toHaveLength(2);
  });

  it("a folder Dropbox will not write (409 path error): the run fails with the spec's message, not retried", async () => {
    const res = await create({ folder: "/Finance" });
    const runId = await dueRun(res.body._id);
    expect(await deliverScheduleRun(runId, "test")).toEqual({
      kind: "failed",
      reason: "You are not permission to write this folder",
    });
    expect(await runRow(runId)).toMatchObject({ status: "failed", error: DELIVERY_MESSAGES.dropboxPathError });
    expect(fake.files.filter((f) => f.path.startsWith("/Finance/"))).toHaveLength(0);
  });

  it("a token Dropbox no longer accepts (401): the session is revoked and the run fails saying so", async () => {
    const res = await create({ folder: FOLDER });
    const runId = await dueRun(res.body._id);
    fake.revokeAll(ACCOUNTS.business);
    const outcome = await deliverScheduleRun(runId, "test");
    expect(outcome).toEqual({
      kind: "failed",
      reason: "Your access token is not valid or has expired. Please try to connect your Dropbox again",
    });
    expect(await runRow(runId)).toMatchObject({ status: "failed", error: DELIVERY_MESSAGES.dropboxTokenInvalid });
    const rows = await db().select().from(thirdPartySessions).where(eq(thirdPartySessions.userId, world.main.admin.id));
    expect(rows.every((r) => r.revokedAt !== null)).toBe(true);
    // The list shows the reason on the schedule's last run.
    const view = await call(scheduleRoute.GET, {
      path: `/api/schedules/${res.body._id}`,
      params: { id: res.body._id },
      token: world.main.token,
    });
    expect(view.body.lastRun).toMatchObject({ status: "failed", error: DELIVERY_MESSAGES.dropboxTokenInvalid });
  });

  it("a Dropbox that is down: the run is failed with the reason and rethrown for the job's retry, then saved once", async () => {
    const res = await create({ folder: FOLDER });
    const runId = await dueRun(res.body._id);
    const before = filesIn(FOLDER).length;
    fake.failNext("files/upload", 503, 4); // every attempt of the upload's own retry policy
    await expect(deliverScheduleRun(runId, "test")).rejects.toThrow(DELIVERY_MESSAGES.dropboxUnavailable);
    expect(await runRow(runId)).toMatchObject({
      status: "failed",
      error: DELIVERY_MESSAGES.dropboxUnavailable,
      sendingAt: null,
    });
    fake.failNext("files/upload", 429, 1, 3600); // a rate limit too long to wait for in the job
    await expect(deliverScheduleRun(runId, "test")).rejects.toThrow(DROPBOX_MESSAGES.rateLimited);
    expect(await deliverScheduleRun(runId, "test")).toMatchObject({ kind: "delivered" });
    expect(await deliverScheduleRun(runId, "test")).toEqual({ kind: "skipped", why: "done" });
    expect(filesIn(FOLDER).slice(before)).toHaveLength(1);
    expect(await runRow(runId)).toMatchObject({ status: "delivered", attempts: 3 });
    expect(await db().select().from(reports).where(eq(reports.projectId, world.project.id))).toHaveLength(1);
  });

  it("a worker killed between generating and uploading uploads once on retry; one killed after never uploads again", async () => {
    const res = await create({ folder: FOLDER, format: "xlsx" });
    const before = filesIn(FOLDER).length;
    const first = await dueRun(res.body._id);
    await expect(
      deliverScheduleRun(first, "test", {
        beforeSend: async () => {
          throw new Error("worker killed");
        },
      }),
    ).rejects.toThrow();
    expect(filesIn(FOLDER).length).toBe(before);
    expect(await deliverScheduleRun(first, "test")).toMatchObject({ kind: "delivered" });
    expect(filesIn(FOLDER).length).toBe(before + 1);

    // A second run on March (April holds no data: its run would not be sent at all).
    const second = await dueRun(res.body._id, new Date("2026-04-15T08:00:00Z"));
    await expect(
      deliverScheduleRun(second, "test", {
        afterSend: async () => {
          throw new Error("worker killed after uploading");
        },
      }),
    ).rejects.toThrow();
    expect(filesIn(FOLDER).length).toBe(before + 2);
    // What a hard kill leaves: still "delivering", the lease run out. The retry does not upload again.
    await db()
      .update(scheduleRuns)
      .set({ status: "delivering", leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(scheduleRuns.id, second));
    expect(await deliverScheduleRun(second, "test")).toEqual({ kind: "skipped", why: "done" });
    expect(filesIn(FOLDER).length).toBe(before + 2);
    expect(await runRow(second)).toMatchObject({ status: "failed", error: INTERRUPTED_REASON });
  });
});
