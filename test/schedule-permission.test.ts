import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as createRoute from "@/app/api/insights/[id]/schedules/route";
import * as scheduleRoute from "@/app/api/schedules/[id]/route";
import * as permissionsRoute from "@/app/api/users/[id]/permissions/update/route";
import * as usersRoute from "@/app/api/users/route";
import { DELIVERY_MESSAGES } from "@/lib/constants/messages";
import { SCHEDULE_MESSAGES } from "@/lib/validation/schedules";
import { db } from "@/server/db/client";
import { schedules } from "@/server/db/schema";
import { enqueueDueSchedules } from "@/server/services/schedules/enqueue-due-schedules";
import { call } from "@/test/api";
import { queuedJobs, resetDatabase } from "@/test/db";
import { createAgency, createUser } from "@/test/factories";
import { insertClient, insertProject, share } from "@/test/workspace";

const weekly = { frequency: "weekly", weekday: 3, timeOfDay: "08:30", recipients: "boss@client.com", format: "pptx" };
const create = (projectId: string, token: string) =>
  call(createRoute.POST, {
    path: `/api/insights/${projectId}/schedules`,
    params: { id: projectId },
    token,
    body: weekly,
  });
const getSchedule = (id: string, token: string) =>
  call(scheduleRoute.GET, { path: `/api/schedules/${id}`, params: { id }, token });
const putSchedule = (id: string, token: string, body: unknown) =>
  call(scheduleRoute.PUT, { method: "PUT", path: `/api/schedules/${id}`, params: { id }, token, body });
const setPermissions = (userId: string, token: string, body: unknown) =>
  call(permissionsRoute.POST, {
    path: `/api/users/${userId}/permissions/update`,
    params: { id: userId },
    token,
    body,
  });

let main: Awaited<ReturnType<typeof createAgency>>;
let secondAdmin: Awaited<ReturnType<typeof createUser>>;
let staff: Awaited<ReturnType<typeof createUser>>;
let project: { id: string; agencyId: string };
let clientId: string;

beforeAll(async () => {
  await resetDatabase();
  main = await createAgency();
  secondAdmin = await createUser({ agencyId: main.agency.id, role: "agency" });
  const client = await insertClient(main.agency.id, { name: "Acme" });
  clientId = client.id;
  project = await insertProject(client, { name: "Acme shop" });
  staff = await createUser({ agencyId: main.agency.id, role: "staff" });
  await share(client.id, staff.user.id, 2);
});

describe("the schedule permission (May create schedules)", () => {
  it("taken away: the staff member's schedules are kept but paused, the admins are emailed, the API answers 403", async () => {
    const first = await create(project.id, staff.token);
    const second = await create(project.id, staff.token);
    expect(first.status).toBe(201);
    const adminOwn = await create(project.id, main.token);

    const off = await setPermissions(staff.user.id, main.token, { isScheduleAllowed: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ actions: { isScheduleAllowed: false }, pausedSchedules: 2 });

    const me = await call(usersRoute.GET, { path: "/api/users", token: staff.token });
    expect(me.body.actions).toEqual({ isScheduleAllowed: false });
    for (const s of [first, second]) {
      const view = (await getSchedule(s.body._id, staff.token)).body;
      expect(view).toMatchObject({ isActive: false, active: false, nextRunAt: null });
      expect(view.inactiveReason).toBe(SCHEDULE_MESSAGES.pausedForPermission);
    }
    // Another user's schedules are untouched, and nothing of the paused ones runs.
    expect((await getSchedule(adminOwn.body._id, main.token)).body.active).toBe(true);
    const far = new Date(Date.now() + 30 * 86_400_000);
    const runs = await enqueueDueSchedules({ now: far });
    expect(runs.map((r) => r.scheduleId)).not.toContain(first.body._id);

    const mails = await queuedJobs<{ template: string; to: string; params: { staffName: string; paused: number } }>(
      "send-email",
    );
    const notices = mails.filter((m) => m.template === "schedules-paused");
    expect(notices.map((m) => m.to).sort()).toEqual([main.admin.email, secondAdmin.user.email].sort());
    expect(notices[0].params.paused).toBe(2);

    // The spec's message, verbatim, on creating or changing one; resuming it is refused to an admin too.
    const refused = await create(project.id, staff.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(DELIVERY_MESSAGES.scheduleNotAllowed);
    expect(DELIVERY_MESSAGES.scheduleNotAllowed).toBe("Your account is not allowed to create schedules!");
    const resume = await putSchedule(first.body._id, staff.token, { isActive: true });
    expect(resume.status).toBe(403);
    expect(resume.body.message).toBe(DELIVERY_MESSAGES.scheduleNotAllowed);
    const byAdmin = await putSchedule(first.body._id, main.token, { isActive: true });
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body.message).toBe(SCHEDULE_MESSAGES.ownerNotAllowed);
    expect((await db().select().from(schedules).where(eq(schedules.userId, staff.user.id))).length).toBe(2);
  });

  it("given back with the client levels in one call: the schedules stay paused until resumed", async () => {
    const other = await insertClient(main.agency.id, { name: "Beta" });
    const on = await setPermissions(staff.user.id, main.token, {
      permissions: [{ clientId: other.id, permission: 1 }],
      isScheduleAllowed: true,
    });
    expect(on.status).toBe(200);
    expect(on.body.actions.isScheduleAllowed).toBe(true);
    expect(on.body.permissions).toEqual(
      expect.arrayContaining([
        { clientId, permission: 2 },
        { clientId: other.id, permission: 1 },
      ]),
    );
    const [paused] = await db().select().from(schedules).where(eq(schedules.userId, staff.user.id)).limit(1);
    expect(paused.isActive).toBe(false);
    const resumed = await putSchedule(paused.id, staff.token, { isActive: true });
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ active: true, inactiveReason: null });
    expect(new Date(resumed.body.nextRunAt).getTime()).toBeGreaterThan(Date.now());
  });

  it("is the admins' to change, within their agency, for staff only, with a field error for an empty change", async () => {
    expect((await setPermissions(staff.user.id, staff.token, { isScheduleAllowed: false })).status).toBe(403);
    const other = await createAgency();
    expect((await setPermissions(staff.user.id, other.token, { isScheduleAllowed: false })).status).toBe(404);
    expect((await setPermissions(secondAdmin.user.id, main.token, { isScheduleAllowed: false })).status).toBe(400);
    const empty = await setPermissions(staff.user.id, main.token, {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toHaveProperty("permissions");
    const wrong = await setPermissions(staff.user.id, main.token, { isScheduleAllowed: "no" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toHaveProperty("isScheduleAllowed");
  });
});
