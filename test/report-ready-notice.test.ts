import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as customizationRoute from "@/app/api/properties/[id]/customization/route";
import * as reportRoute from "@/app/api/reports/[id]/route";
import { db } from "@/server/db/client";
import { reports, users } from "@/server/db/schema";
import { generateReport } from "@/server/jobs/handlers/generate-report";
import { reportReadyNoticeHandler } from "@/server/jobs/handlers/report-ready-notice";
import { LONG_REPORT_MS, readyNoticeDue } from "@/server/services/reports/report-ready-notice";
import { call } from "./api";
import { customizationForm, file, pngOfSize } from "./customization-fixtures";
import { queuedJobs, resetDatabase } from "./db";
import { createAgency, createUser } from "./factories";
import { addReport, insertReport, PERIOD_END, PERIOD_START, reportWorld } from "./report-fixtures";
import { smtpInbox } from "./smtp-inbox";
import { share } from "./workspace";

// The report-ready email: the requester of a report is told when it is ready, in the agency's look, unless their page
// watched it finish; a report that took over a minute is emailed in any case. Real SMTP (smtp-server), real jobs.

let inbox: Awaited<ReturnType<typeof smtpInbox>>;

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
});

/** The message decoded from quoted-printable (soft breaks joined, =XX bytes read as UTF-8), so a line reads whole. */
const textOf = (raw: string) =>
  Buffer.from(
    raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");

const request = async (projectId: string, token: string) => {
  const res = await addReport(projectId, token, { periodStart: PERIOD_START, periodEnd: PERIOD_END });
  expect(res.status).toBe(202);
  return res.body._id as string;
};
/** One long-poll of the report page, as useReport makes it while the report runs. */
const watch = (id: string, token: string, wait = 1) =>
  call(reportRoute.GET, { path: `/api/reports/${id}?wait=${wait}&status=queued&progress=0`, params: { id }, token });
const notices = async () => queuedJobs<{ reportId: string }>("report-ready-notice");
const send = async () => {
  for (const job of await notices()) await reportReadyNoticeHandler.handle(job, { jobId: `test-${job.reportId}` });
};

describe("the report-ready email", () => {
  it("goes to the requester who was not watching, with the link, from the agency in its look, once", async () => {
    const w = await reportWorld();
    const brand = await call(customizationRoute.PUT, {
      method: "PUT",
      params: { id: w.project.id },
      token: w.main.token,
      formData: customizationForm(
        { chartColor: "#aa3300", footerText: "Acme Agency · confidential" },
        file(pngOfSize(400), "logo.png", "image/png"),
      ),
    });
    expect(brand.status).toBe(200);
    const id = await request(w.project.id, w.main.token);
    const generated = await generateReport(id);
    expect(generated.status).toBe("ready");
    expect(await notices()).toEqual([{ reportId: id }]);
    await send();
    // A retry of a sent email sends nothing again.
    await reportReadyNoticeHandler.handle({ reportId: id }, { jobId: "retry" });

    expect(inbox.received).toHaveLength(1);
    const [mail] = inbox.received;
    expect(mail.to).toEqual([w.main.admin.email]);
    const raw = textOf(mail.raw);
    expect(raw).toMatch(/Subject: Your report is ready: Acme leads/);
    expect(raw).toMatch(new RegExp(`From: "?${w.main.agency.name}"? <`));
    expect(raw).toContain(`/client-projects/${w.project.id}?report=${id}`);
    expect(raw).toContain(`Hi ${w.main.admin.firstName},`);
    expect(raw).toContain(`It holds ${generated.insights} insights, led by`);
    // The agency's look: its colour on the button, its logo inline, its footer, signed with its name.
    expect(raw).toContain("background:#aa3300");
    expect(raw).toContain('src="cid:agency-logo@funnelwise"');
    expect(raw).toMatch(/Content-ID: <agency-logo@funnelwise>/i);
    expect(raw).toContain("Acme Agency · confidential");
    expect(raw).toContain(`— ${w.main.agency.name}`);
    const [row] = await db().select().from(reports).where(eq(reports.id, id));
    expect(row.readyNoticeSentAt).not.toBeNull();
  });

  it("is not sent while the requester's page watches it finish, and is when the report took over a minute", async () => {
    const w = await reportWorld();
    const watched = await request(w.project.id, w.main.token);
    expect((await watch(watched, w.main.token)).status).toBe(200);
    await generateReport(watched);
    expect(await notices()).toEqual([]);

    const slow = await request(w.project.id, w.main.token);
    await watch(slow, w.main.token);
    // Asked for two minutes ago: the requester has most likely turned to other work.
    await db()
      .update(reports)
      .set({ createdAt: new Date(Date.now() - 2 * LONG_REPORT_MS) })
      .where(eq(reports.id, slow));
    await generateReport(slow);
    expect(await notices()).toEqual([{ reportId: slow }]);
    await send();
    expect(inbox.received.map((m) => m.to)).toEqual([[w.main.admin.email]]);
  });

  it("counts only the requester's own page, and nobody's for a report no person asked for", async () => {
    const w = await reportWorld();
    const colleague = await createUser({ agencyId: w.main.agency.id, role: "staff" });
    await share(w.client.id, colleague.user.id, 1);
    const id = await request(w.project.id, w.main.token);
    // A colleague watching is not the requester watching; another agency's user cannot even see it.
    expect((await watch(id, colleague.token)).status).toBe(200);
    expect((await watch(id, (await createAgency()).token)).status).toBe(404);
    await generateReport(id);
    expect(await notices()).toEqual([{ reportId: id }]);

    // A scheduled or demo report (queued without a request) emails nobody.
    const unrequested = await insertReport(w.project, { createdById: w.main.admin.id });
    await generateReport(unrequested.id);
    expect((await notices()).map((n) => n.reportId)).toEqual([id]);
  });

  it("sends nothing for a report deleted before its email went, or a requester who left the agency", async () => {
    const w = await reportWorld();
    const id = await request(w.project.id, w.main.token);
    await generateReport(id);
    await db().delete(reports).where(eq(reports.id, id));
    // A Data Creator asks for one, and is removed from the agency before it is ready.
    const theirs = await request(w.project.id, w.creator.token);
    await generateReport(theirs);
    expect((await notices()).map((n) => n.reportId).sort()).toEqual([id, theirs].sort());
    await db().delete(users).where(eq(users.id, w.creator.user.id));
    await send();
    expect(inbox.received).toEqual([]);
  });
});

describe("readyNoticeDue", () => {
  const base = {
    status: "ready" as const,
    notifyRequester: true,
    createdById: "u",
    readyNoticeSentAt: null,
    watchedUntil: null as Date | null,
    createdAt: new Date("2026-12-01T10:00:00Z"),
    finishedAt: new Date("2026-12-01T10:00:20Z"),
  };
  const now = new Date("2026-12-01T10:00:21Z");
  it("is due unwatched, not while watched, and past a minute watched or not", () => {
    expect(readyNoticeDue(base, now)).toBe(true);
    expect(readyNoticeDue({ ...base, watchedUntil: new Date("2026-12-01T10:00:40Z") }, now)).toBe(false);
    // The page's last long-poll lapsed: the tab was closed.
    expect(readyNoticeDue({ ...base, watchedUntil: new Date("2026-12-01T10:00:10Z") }, now)).toBe(true);
    expect(
      readyNoticeDue(
        { ...base, watchedUntil: new Date("2026-12-01T10:02:00Z"), finishedAt: new Date("2026-12-01T10:01:01Z") },
        now,
      ),
    ).toBe(true);
  });
  it("is never due for a failed, unrequested, ownerless or already told report", () => {
    expect(readyNoticeDue({ ...base, status: "failed" }, now)).toBe(false);
    expect(readyNoticeDue({ ...base, notifyRequester: false }, now)).toBe(false);
    expect(readyNoticeDue({ ...base, createdById: null }, now)).toBe(false);
    expect(readyNoticeDue({ ...base, readyNoticeSentAt: now }, now)).toBe(false);
  });
});
