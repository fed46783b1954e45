import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { clientProjects, scheduleRuns, schedules } from "@/server/db/schema";
import { createClient, createProject } from "@/test/customization-fixtures";
import { resetDatabase } from "@/test/db";
import { createAgency } from "@/test/factories";
import { enqueueDueSchedules } from "./enqueue-due-schedules";
import { claimDelivery, markDeliveryDelivered, markDeliveryFailed } from "../deliveries/delivery-record";

// Against the real PostgreSQL: the exactly-once guarantee lives in row locks and a unique index.
async function setup(count: number, timeZone = "Europe/London") {
  const { agency, admin } = await createAgency();
  const client = await createClient(agency.id);
  const project = await createProject(agency.id, client.id);
  await db().update(clientProjects).set({ timeZone }).where(eq(clientProjects.id, project.id));
  const due = new Date("2024-03-04T09:00:00Z"); // Monday 09:00 in London
  const rows = Array.from({ length: count }, () => ({
    agencyId: agency.id,
    projectId: project.id,
    userId: admin.id,
    delivery: "email" as const,
    frequency: "weekly" as const,
    weekday: 1,
    timeOfDay: "09:00",
    recipients: ["client@example.com"],
    nextRunAt: due,
  }));
  const created = await db().insert(schedules).values(rows).returning();
  return { agency, project, created, due };
}

beforeEach(async () => {
  await resetDatabase();
});

describe("the schedule tick", () => {
  it("creates one run per due schedule even when two ticks race, and moves each to its next run", async () => {
    const { created, due } = await setup(300);
    const now = new Date("2024-03-04T09:00:30Z");
    const [a, b] = await Promise.all([enqueueDueSchedules({ now }), enqueueDueSchedules({ now })]);
    expect(a.length + b.length).toBe(300);
    const runs = await db().select().from(scheduleRuns);
    expect(runs).toHaveLength(300);
    expect(new Set(runs.map((r) => r.scheduleId)).size).toBe(300);
    expect(runs[0]).toMatchObject({ status: "queued", periodStart: "2024-02-26", periodEnd: "2024-03-03" });
    expect(runs.every((r) => r.dueAt.getTime() === due.getTime())).toBe(true);

    const after = await db().select().from(schedules);
    expect(after.every((s) => s.nextRunAt?.toISOString() === "2024-03-11T09:00:00.000Z")).toBe(true);
    expect(after.every((s) => s.lastRunAt?.getTime() === due.getTime())).toBe(true);

    // A later tick in the same minute finds nothing due.
    expect(await enqueueDueSchedules({ now: new Date("2024-03-04T09:00:59Z") })).toEqual([]);
    expect(created).toHaveLength(300);
  });

  it("never inserts a second run for the same due time, even if a schedule is put back", async () => {
    const { created, due } = await setup(1);
    const now = new Date("2024-03-04T09:01:00Z");
    expect(await enqueueDueSchedules({ now })).toHaveLength(1);
    // As if a crash had rolled the schedule back after the run row was written.
    await db().update(schedules).set({ nextRunAt: due }).where(eq(schedules.id, created[0].id));
    expect(await enqueueDueSchedules({ now })).toEqual([]);
    expect(await db().select().from(scheduleRuns)).toHaveLength(1);
  });

  it("skips inactive schedules and resumes a long-missed one from now, without catch-up bursts", async () => {
    const { created } = await setup(2);
    await db().update(schedules).set({ isActive: false }).where(eq(schedules.id, created[0].id));
    const now = new Date("2024-04-17T12:00:00Z"); // six weeks late
    const runs = await enqueueDueSchedules({ now });
    expect(runs.map((r) => r.scheduleId)).toEqual([created[1].id]);
    const [missed] = await db().select().from(schedules).where(eq(schedules.id, created[1].id));
    expect(missed.nextRunAt?.toISOString()).toBe("2024-04-22T08:00:00.000Z"); // Monday 09:00 BST
    expect(await enqueueDueSchedules({ now })).toEqual([]);
  });

  it("takes 1,000 due schedules in one tick in well under 5 s", async () => {
    await setup(1000);
    const started = performance.now();
    const runs = await enqueueDueSchedules({ now: new Date("2024-03-04T09:00:10Z") });
    const ms = performance.now() - started;
    expect(runs).toHaveLength(1000);
    expect(ms).toBeLessThan(5000);
    console.info(`schedule tick: 1,000 due schedules → runs in ${Math.round(ms)} ms`);
  });
});

describe("a run's record", () => {
  it("is delivered once: a retried or duplicated delivery finds it done", async () => {
    await setup(1);
    const [run] = await enqueueDueSchedules({ now: new Date("2024-03-04T09:00:10Z") });
    const first = await claimDelivery("schedule_runs", run.runId);
    expect(first).toMatchObject({ kind: "claimed", record: { attempts: 1 } });
    // A second worker while the first holds the lease gets nothing.
    expect(await claimDelivery("schedule_runs", run.runId)).toEqual({ kind: "busy" });
    await markDeliveryFailed(
      "schedule_runs",
      run.runId,
      "The email could not be sent: the mail server did not accept the connection",
      { notSent: true },
    );
    const [failed] = await db().select().from(scheduleRuns).where(eq(scheduleRuns.id, run.runId));
    expect(failed).toMatchObject({ status: "failed", error: expect.stringContaining("mail server") });

    // The retry takes it again.
    const retry = await claimDelivery("schedule_runs", run.runId);
    expect(retry).toMatchObject({ kind: "claimed", record: { attempts: 2 } });
    await markDeliveryDelivered("schedule_runs", run.runId, { recipients: ["client@example.com"] });

    expect(await claimDelivery("schedule_runs", run.runId)).toEqual({ kind: "done", status: "delivered" });
    await markDeliveryFailed("schedule_runs", run.runId, "late duplicate");
    const [done] = await db().select().from(scheduleRuns).where(eq(scheduleRuns.id, run.runId));
    expect(done).toMatchObject({ status: "delivered", error: null, attempts: 2 });
    expect(done.deliveredAt).toBeInstanceOf(Date);
  });

  it("is taken over when its worker's lease ran out, but never after the hand-over began", async () => {
    await setup(1);
    const [run] = await enqueueDueSchedules({ now: new Date("2024-03-04T09:00:10Z") });
    await claimDelivery("schedule_runs", run.runId);
    const expire = () =>
      db()
        .update(scheduleRuns)
        .set({ leaseUntil: new Date(Date.now() - 1000) })
        .where(eq(scheduleRuns.id, run.runId));
    await expire(); // the worker was killed before sending
    expect(await claimDelivery("schedule_runs", run.runId)).toMatchObject({ kind: "claimed", record: { attempts: 2 } });
    await db().update(scheduleRuns).set({ sendingAt: new Date() }).where(eq(scheduleRuns.id, run.runId));
    await expire(); // killed while handing the message over
    expect(await claimDelivery("schedule_runs", run.runId)).toEqual({ kind: "done", status: "failed" });
    const [row] = await db().select().from(scheduleRuns).where(eq(scheduleRuns.id, run.runId));
    expect(row).toMatchObject({ status: "failed", error: expect.stringContaining("may have arrived") });
    expect(await claimDelivery("schedule_runs", run.runId)).toEqual({ kind: "done", status: "failed" });
  });
});
