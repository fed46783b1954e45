import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as createRoute from "@/app/api/insights/[id]/schedules/route";
import * as scheduleRoute from "@/app/api/schedules/[id]/route";
import * as userSchedulesRoute from "@/app/api/users/[id]/schedules/route";
import { DELIVERY_MESSAGES, MESSAGES } from "@/lib/constants/messages";
import { SCHEDULE_MESSAGES } from "@/lib/validation/schedules";
import { db } from "@/server/db/client";
import { agencies, clientProjects, scheduleRuns, users } from "@/server/db/schema";
import { enqueueDueSchedules } from "@/server/services/schedules/enqueue-due-schedules";
import { call } from "@/test/api";
import { resetDatabase } from "@/test/db";
import { createAgency, createUser } from "@/test/factories";
import { insertClient, insertProject, share } from "@/test/workspace";

const create = (projectId: string, token: string, body: unknown) =>
  call(createRoute.POST, { path: `/api/insights/${projectId}/schedules`, params: { id: projectId }, token, body });
const get = (id: string, token: string) =>
  call(scheduleRoute.GET, { path: `/api/schedules/${id}`, params: { id }, token });
const put = (id: string, token: string, body: unknown) =>
  call(scheduleRoute.PUT, { method: "PUT", path: `/api/schedules/${id}`, params: { id }, token, body });
const remove = (id: string, token: string) =>
  call(scheduleRoute.DELETE, { method: "DELETE", path: `/api/schedules/${id}`, params: { id }, token });
const listOf = (userId: string, token: string) =>
  call(userSchedulesRoute.GET, { path: `/api/users/${userId}/schedules`, params: { id: userId }, token });

const weekly = {
  frequency: "weekly",
  weekday: 1,
  timeOfDay: "09:00",
  recipients: "boss@client.com, team@client.com",
  subject: "Weekly results",
  format: "xlsx",
};

let main: Awaited<ReturnType<typeof createAgency>>;
let staff: Awaited<ReturnType<typeof createUser>>;
let project: { id: string; agencyId: string };
let other: Awaited<ReturnType<typeof createAgency>>;
let otherProject: { id: string };

beforeAll(async () => {
  await resetDatabase();
  main = await createAgency();
  const client = await insertClient(main.agency.id, { name: "Acme" });
  project = await insertProject(client, { name: "Acme shop" });
  await db().update(clientProjects).set({ timeZone: "Europe/London" }).where(eq(clientProjects.id, project.id));
  staff = await createUser({ agencyId: main.agency.id, role: "staff" });
  await share(client.id, staff.user.id, 1);
  other = await createAgency();
  otherProject = await insertProject(await insertClient(other.agency.id, { name: "Other" }), { name: "Other" });
});

describe("schedules API", () => {
  it("creates a weekly schedule with its next run in the project's time zone", async () => {
    const res = await create(project.id, staff.token, weekly);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      projectId: project.id,
      projectName: "Acme shop",
      clientName: "Acme",
      frequency: "weekly",
      weekday: 1,
      monthDay: null,
      month: null,
      timeOfDay: "09:00",
      timeZone: "Europe/London",
      recipients: ["boss@client.com", "team@client.com"],
      subject: "Weekly results",
      format: "xlsx",
      // The client receives the significant findings unless everything checked is asked for.
      contents: "significant",
      isActive: true,
      active: true,
      lastRun: null,
    });
    const next = new Date(res.body.nextRunAt);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getUTCDay()).toBe(1);
    expect(next.toLocaleTimeString("en-GB", { timeZone: "Europe/London" })).toBe("09:00:00");
    expect((await get(res.body._id, staff.token)).body._id).toBe(res.body._id);
  });

  it("refuses incomplete timings, bad recipients and bad times with field errors", async () => {
    const res = await create(project.id, main.token, {
      frequency: "annually",
      monthDay: "last",
      timeOfDay: "25:00",
      recipients: "boss@client.com, nope",
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      month: SCHEDULE_MESSAGES.month,
      timeOfDay: SCHEDULE_MESSAGES.time,
      recipients: MESSAGES.invalidEmails,
    });
    const noDay = await create(project.id, main.token, { ...weekly, weekday: "" });
    expect(noDay.body.errors).toEqual({ weekday: SCHEDULE_MESSAGES.weekday });
    const noMonthDay = await create(project.id, main.token, { ...weekly, frequency: "quarterly" });
    expect(noMonthDay.body.errors).toEqual({ monthDay: SCHEDULE_MESSAGES.monthDay });
  });

  it("refuses users without the schedule-allowed action with the spec's message", async () => {
    const barred = await createUser({ agencyId: main.agency.id, role: "agency" });
    await db().update(users).set({ isScheduleAllowed: false }).where(eq(users.id, barred.user.id));
    const res = await create(project.id, barred.token, weekly);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(DELIVERY_MESSAGES.scheduleNotAllowed);
  });

  it("answers 404 for another agency's project, insight, schedule or user", async () => {
    expect((await create(otherProject.id, main.token, weekly)).status).toBe(404);
    const foreign = await create(otherProject.id, other.token, weekly);
    expect(foreign.status).toBe(201);
    expect((await get(foreign.body._id, main.token)).status).toBe(404);
    expect((await put(foreign.body._id, main.token, { isActive: false })).status).toBe(404);
    expect((await remove(foreign.body._id, main.token)).status).toBe(404);
    expect((await listOf(other.admin.id, main.token)).status).toBe(404);
    const missing = "00000000-0000-4000-8000-000000000000";
    expect((await create(project.id, main.token, { ...weekly, insightId: missing })).status).toBe(404);
  });

  it("keeps each user's schedules to them and their agency admins", async () => {
    const mine = await listOf(staff.user.id, staff.token);
    expect(mine.status).toBe(200);
    expect(mine.body.total).toBe(1);
    expect((await listOf(staff.user.id, main.token)).body.total).toBe(1);
    expect((await listOf(main.admin.id, staff.token)).status).toBe(404);
    const adminOwn = await create(project.id, main.token, { ...weekly, frequency: "monthly", monthDay: "second" });
    expect((await get(adminOwn.body._id, staff.token)).status).toBe(404);
    expect((await get(mine.body.docs[0]._id, main.token)).status).toBe(200);
  });

  it("pauses, resumes, edits and deletes", async () => {
    const [s] = (await listOf(staff.user.id, staff.token)).body.docs;
    const paused = await put(s._id, staff.token, { isActive: false });
    expect(paused.body).toMatchObject({ isActive: false, active: false, nextRunAt: null, inactiveReason: "Paused" });
    const edited = await put(s._id, staff.token, {
      isActive: true,
      frequency: "annually",
      monthDay: "last",
      month: 2,
      timeOfDay: "07:30",
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      frequency: "annually",
      weekday: null,
      monthDay: "last",
      month: 2,
      active: true,
    });
    expect(edited.body.recipients).toEqual(["boss@client.com", "team@client.com"]);
    // An edit that does not name them keeps what each run holds and how long its client link lasts.
    const everything = await put(s._id, staff.token, { contents: "everything", linkExpiresInDays: 7 });
    expect(everything.body).toMatchObject({ contents: "everything", linkExpiresInDays: 7 });
    const retimed = await put(s._id, staff.token, { timeOfDay: "08:00" });
    expect(retimed.body).toMatchObject({ contents: "everything", linkExpiresInDays: 7, timeOfDay: "08:00" });
    expect((await put(s._id, staff.token, { contents: "all" })).status).toBe(400);
    const next = new Date(edited.body.nextRunAt);
    expect(next.toLocaleDateString("en-GB", { timeZone: "Europe/London" })).toMatch(/^(28|29)\/02\//);
    expect((await remove(s._id, staff.token)).status).toBe(200);
    expect((await get(s._id, staff.token)).status).toBe(404);
  });

  it("is inactive while the agency's subscription has lapsed: shown so, not run, not created; back when paid", async () => {
    const s = (await create(project.id, main.token, weekly)).body;
    await db().update(agencies).set({ subscriptionStatus: "suspended" }).where(eq(agencies.id, main.agency.id));
    const far = new Date(Date.now() + 400 * 86_400_000);
    try {
      const view = (await get(s._id, main.token)).body;
      expect(view).toMatchObject({ isActive: true, active: false, nextRunAt: null });
      expect(view.inactiveReason).toBe(SCHEDULE_MESSAGES.subscriptionInactive);
      const runs = await enqueueDueSchedules({ now: far });
      expect(runs.filter((r) => r.scheduleId === s._id)).toEqual([]);
      const refused = await create(project.id, main.token, weekly);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(SCHEDULE_MESSAGES.subscriptionInactive);
    } finally {
      await db().update(agencies).set({ subscriptionStatus: "full" }).where(eq(agencies.id, main.agency.id));
    }
    // Paid again: active, its next run the regular one after the lapse, no catch-up run for it.
    const back = (await get(s._id, main.token)).body;
    expect(back).toMatchObject({ isActive: true, active: true, inactiveReason: null });
    expect(new Date(back.nextRunAt).getTime()).toBeGreaterThan(far.getTime());
    expect((await enqueueDueSchedules({ now: far })).filter((r) => r.scheduleId === s._id)).toEqual([]);
    const later = await enqueueDueSchedules({ now: new Date(back.nextRunAt) });
    expect(later.filter((r) => r.scheduleId === s._id)).toHaveLength(1);
    expect(await db().select().from(scheduleRuns).where(eq(scheduleRuns.scheduleId, s._id))).toHaveLength(1);
  });
});
