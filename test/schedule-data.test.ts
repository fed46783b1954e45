import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import * as createRoute from "@/app/api/insights/[id]/schedules/route";
import * as outlookRoute from "@/app/api/insights/[id]/schedules/outlook/route";
import * as testRoute from "@/app/api/insights/[id]/schedules/test/route";
import * as userSchedulesRoute from "@/app/api/users/[id]/schedules/route";
import * as accessRoute from "@/app/api/accessToken/route";
import { db } from "@/server/db/client";
import { clientProjects, dataSources, scheduleRuns, schedules } from "@/server/db/schema";
import { ensureDailyTotals } from "@/server/insights/data/daily-totals";
import { scheduleTick } from "@/server/jobs/handlers/schedule-tick";
import { deliverManual } from "@/server/services/deliveries/manual-delivery";
import { deliverScheduleRun } from "@/server/services/deliveries/scheduled-delivery";
import { call } from "@/test/api";
import { queuedJobs, resetDatabase } from "@/test/db";
import { createAgency } from "@/test/factories";
import { leaves, parseMime } from "@/test/mime";
import { reportWorld } from "@/test/report-fixtures";
import { smtpInbox } from "@/test/smtp-inbox";

// Schedules that know their data. The fixture's project holds one CSV upload whose data ends on Mar 31, 2026: a
// monthly schedule's run on May 2 reports on April, which no upload will bring by itself. The form and the list say
// so with what to do; the run finds no data for April and sends nothing, says why, and tells the schedule's owner.

let inbox: Awaited<ReturnType<typeof smtpInbox>>;
let world: Awaited<ReturnType<typeof reportWorld>>;

const MONTHLY = {
  frequency: "monthly",
  monthDay: "second",
  timeOfDay: "09:00",
  recipients: "boss@client.example",
  subject: "Acme monthly",
  format: "none",
};

const createSchedule = () =>
  call(createRoute.POST, {
    path: `/api/insights/${world.project.id}/schedules`,
    params: { id: world.project.id },
    token: world.main.token,
    body: MONTHLY,
  });

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
  const sources = await db().select().from(dataSources).where(eq(dataSources.projectId, world.project.id));
  await ensureDailyTotals(sources.map((s) => s.id));
});

describe("a schedule on a one-off upload", () => {
  it("warns in the form and the list that the next run will have no data, and says what to do", async () => {
    const outlook = await call(outlookRoute.GET, {
      path: `/api/insights/${world.project.id}/schedules/outlook?frequency=monthly&monthDay=second&timeOfDay=09:00`,
      params: { id: world.project.id },
      token: world.viewer.token,
    });
    expect(outlook.status).toBe(200);
    expect(outlook.body.hasData).toBe(false);
    expect(outlook.body.warnings).toHaveLength(1);
    expect(outlook.body.warnings[0]).toMatchObject({ problem: "one_off_upload" });
    const message: string = outlook.body.warnings[0].message;
    expect(message).toMatch(
      /^“Analytics export” is a one-off upload: its data ends Mar 31, 2026, and the run on \w{3} \d{1,2}, \d{4}/,
    );
    expect(message).toMatch(
      /No new data arrives by itself: upload a newer file before .+, or connect the source so that it imports/,
    );
    // Another agency's project is not there.
    const other = await createAgency();
    const foreign = await call(outlookRoute.GET, {
      path: `/api/insights/${world.project.id}/schedules/outlook?frequency=monthly&monthDay=second&timeOfDay=09:00`,
      params: { id: world.project.id },
      token: other.token,
    });
    expect(foreign.status).toBe(404);

    const created = await createSchedule();
    expect(created.status).toBe(201);
    expect(created.body.nextRunData).toMatchObject({ hasData: false, warnings: [{ problem: "one_off_upload" }] });
    const list = await call(userSchedulesRoute.GET, {
      path: `/api/users/${world.main.admin.id}/schedules`,
      params: { id: world.main.admin.id },
      token: world.main.token,
    });
    expect(list.body.docs[0].nextRunData.warnings[0].message).toContain("is a one-off upload");
  });

  it("sends nothing for a period without data, records why, and tells the schedule's owner", async () => {
    const created = await createSchedule();
    const due = new Date("2026-05-02T08:00:00Z");
    await db().update(schedules).set({ nextRunAt: due }).where(eq(schedules.id, created.body._id));
    expect(await scheduleTick(new Date("2026-05-02T08:00:30Z"))).toMatchObject({ created: 1 });
    const [run] = await db().select().from(scheduleRuns).where(eq(scheduleRuns.scheduleId, created.body._id));
    expect(run).toMatchObject({ periodStart: "2026-04-01", periodEnd: "2026-04-30" });

    const outcome = await deliverScheduleRun(run.id, "test");
    expect(outcome.kind).toBe("not_sent");
    const [after] = await db().select().from(scheduleRuns).where(eq(scheduleRuns.id, run.id));
    expect(after.status).toBe("not_sent");
    expect(after.reportId).toBeNull();
    expect(after.error).toMatch(
      /^No data for April 2026, so nothing was sent\. “Analytics export” is a one-off upload/,
    );
    expect(after.error).toContain("its data ends Mar 31, 2026");
    expect(inbox.received.filter((m) => m.to.includes("boss@client.example"))).toHaveLength(0);
    // Final: the job run again sends nothing either.
    expect(await deliverScheduleRun(run.id, "test")).toEqual({ kind: "skipped", why: "busy" });

    const list = await call(userSchedulesRoute.GET, {
      path: `/api/users/${world.main.admin.id}/schedules`,
      params: { id: world.main.admin.id },
      token: world.main.token,
    });
    expect(list.body.docs[0].lastRun).toMatchObject({ status: "not_sent", error: after.error });

    const notices = await queuedJobs<{ template: string; to: string; params: Record<string, string> }>("send-email");
    const notice = notices.find((n) => n.template === "schedule-not-sent");
    expect(notice).toMatchObject({
      to: world.main.admin.email,
      params: { schedule: "Acme – Acme leads", period: "April 2026", reason: after.error },
    });
  });
});

describe("Send a test now", () => {
  const sendTest = (token: string) =>
    call(testRoute.POST, {
      path: `/api/insights/${world.project.id}/schedules/test`,
      params: { id: world.project.id },
      token,
      body: MONTHLY,
    });

  it("refuses a test for a period without data, with the words a run would record", async () => {
    // Today the month that last closed is long after the upload's last day.
    const res = await sendTest(world.main.token);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(
      /^No data for \w+ \d{4}, so nothing was sent\. “Analytics export” is a one-off upload/,
    );
    expect((await sendTest((await createAgency()).token)).status).toBe(404);
  });

  it("emails the editor the report of the period that last closed, with a share link that opens logged out", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-04-10T10:00:00Z"));
    try {
      const res = await sendTest(world.main.token);
      expect(res.status).toBe(202);
      expect(res.body).toMatchObject({ status: "queued", to: world.main.admin.email, period: { start: "2026-03-01" } });
      const before = inbox.received.length;
      expect(await deliverManual(res.body._id, "test")).toMatchObject({ kind: "delivered" });
      const mails = inbox.received.slice(before);
      expect(mails.map((m) => m.to)).toEqual([[world.main.admin.email.toLowerCase()]]);
      const root = parseMime(mails[0].raw);
      expect(root.headers.subject).toBe("Test: Acme monthly");
      const text = leaves(root)
        .find((p) => p.contentType === "text/plain")!
        .body.toString("utf8");
      // The editor is staff, but a test shows the email as the schedule's clients get it: a share link.
      const token = /\/shared\/([\w-]{43})/.exec(text)?.[1];
      const opened = await call(accessRoute.POST, { path: "/api/accessToken", body: { token } });
      expect(opened.status).toBe(200);
      expect(opened.body.report).toMatchObject({ periodStart: "2026-03-01", periodEnd: "2026-03-31" });
    } finally {
      vi.useRealTimers();
    }
  });
});
