import ExcelJS from "exceljs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as sendRoute from "@/app/api/insights/properties/[id]/email/send/route";
import * as deliveryRoute from "@/app/api/deliveries/[id]/route";
import * as accessRoute from "@/app/api/accessToken/route";
import * as tokensRoute from "@/app/api/reportTokens/route";
import * as revokeRoute from "@/app/api/reportTokens/[id]/revoke/route";
import { DELIVERY_MESSAGES, MESSAGES } from "@/lib/constants/messages";
import { EXPORT_MESSAGES } from "@/lib/validation/exports";
import { db } from "@/server/db/client";
import { reportDeliveries } from "@/server/db/schema";
import { generateReport } from "@/server/services/reports/generate-report";
import { deliverManual } from "@/server/services/deliveries/manual-delivery";
import { call } from "@/test/api";
import { resetDatabase } from "@/test/db";
import { createAgency } from "@/test/factories";
import { leaves, parseMime } from "@/test/mime";
import { readPackage } from "@/test/ooxml";
import { insertReport, listInsights, reportWorld } from "@/test/report-fixtures";
import { smtpInbox } from "@/test/smtp-inbox";
import { insertClient, insertProject } from "@/test/workspace";

// POST .../email/send records the email and queues it; the delivery job (run here directly, as the
// worker would) builds the export and sends it to a real SMTP server on loopback.

let inbox: Awaited<ReturnType<typeof smtpInbox>>;
let world: Awaited<ReturnType<typeof reportWorld>> & { reportId: string; insightIds: string[]; notable: number };

function form(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields))
    for (const v of Array.isArray(value) ? value : [value]) data.append(key, v);
  return data;
}

const send = (projectId: string, token: string, fields: Record<string, string | string[]>) =>
  call(sendRoute.POST, {
    method: "POST",
    path: `/api/insights/properties/${projectId}/email/send`,
    params: { id: projectId },
    token,
    formData: form(fields),
  });
const getDelivery = (id: string, token: string) =>
  call(deliveryRoute.GET, { path: `/api/deliveries/${id}`, params: { id }, token });

const partsOf = (raw: string) => {
  const root = parseMime(raw);
  const all = leaves(root);
  return {
    root,
    text: all.find((p) => p.contentType === "text/plain")?.body.toString("utf8") ?? "",
    html: all.find((p) => p.contentType === "text/html")?.body.toString("utf8") ?? "",
    file: all.find((p) => /attachment/i.test(p.headers["content-disposition"] ?? "")),
  };
};

beforeAll(async () => {
  inbox = await smtpInbox();
  process.env.SMTP_URL = inbox.url; // read on first use, before any mail is sent
  await resetDatabase();
  const w = await reportWorld();
  const report = await insertReport(w.project, { name: "March review" });
  await generateReport(report.id);
  const insights = (await listInsights(w.project.id, w.main.token)).body.docs as { _id: string; findings: [] }[];
  const notable = insights.filter((i) => i.findings.length > 0).length;
  world = { ...w, reportId: report.id, insightIds: insights.map((i) => i._id), notable };
});

afterAll(async () => {
  await inbox.stop();
});

describe("POST /insights/properties/{id}/email/send", () => {
  it("refuses bad recipient lists, subjects and formats with field errors", async () => {
    const { project, main } = world;
    const bad = await send(project.id, main.token, { recipients: "sam@client.com, not-an-email", format: "pptx" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ recipients: MESSAGES.invalidEmails });

    const none = await send(project.id, main.token, { recipients: " ", format: "pdf", subject: "x".repeat(256) });
    expect(none.status).toBe(400);
    expect(none.body.errors).toMatchObject({
      recipients: MESSAGES.required,
      format: expect.any(String),
      subject: "Subject should be equal or less than 255 characters",
    });

    const json = await call(sendRoute.POST, {
      path: `/api/insights/properties/${project.id}/email/send`,
      params: { id: project.id },
      token: main.token,
      body: { recipients: ["sam@client.com"] },
    });
    expect(json.status).toBe(415);
    expect(await db().select().from(reportDeliveries)).toHaveLength(0);
  });

  it("is 404 for another agency's project, report or insights, and refuses an empty report", async () => {
    const other = await createAgency();
    const otherClient = await insertClient(other.agency.id, { name: "Other" });
    const otherProject = await insertProject(otherClient, { name: "Other project" });
    const otherReport = await insertReport(otherProject);
    const fields = { recipients: "sam@client.com", format: "none" };

    expect((await send(otherProject.id, world.main.token, fields)).status).toBe(404);
    expect((await send(world.project.id, other.token, fields)).status).toBe(404);
    expect((await send(world.project.id, world.main.token, { ...fields, reportId: otherReport.id })).status).toBe(404);
    const empty = await insertReport(world.project);
    const refused = await send(world.project.id, world.main.token, { ...fields, reportId: empty.id });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(EXPORT_MESSAGES.empty);
    expect(await db().select().from(reportDeliveries)).toHaveLength(0);
  });

  it("emails the report with both parts and the PowerPoint intact, once, to every recipient", async () => {
    const before = inbox.received.length;
    const res = await send(world.project.id, world.viewer.token, {
      recipients: ["Sam@Client.com", "finance@client.com"],
      subject: "Your March results",
      message: "Hi Sam, the drop in paid search is the one to discuss.",
      format: "pptx",
      reportId: world.reportId,
    });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: "queued", attempts: 0, error: null });

    expect(await deliverManual(res.body._id, "test")).toMatchObject({ kind: "delivered" });
    // The job run again (a retry, a duplicate) finds it delivered and sends nothing.
    expect(await deliverManual(res.body._id, "test")).toEqual({ kind: "skipped", why: "done" });
    expect(inbox.received.length - before).toBe(1);

    const mail = inbox.received.at(-1)!;
    expect(mail.to).toEqual(["sam@client.com", "finance@client.com"]);
    const { root, text, html, file } = partsOf(mail.raw);
    expect(root.headers.subject).toBe("Your March results");
    // From the agency by name (the address stays the server's), answers to the sender.
    expect(root.headers.from).toContain(world.main.agency.name);
    expect(root.headers.from).not.toContain("Funnelwise");
    expect(root.headers["reply-to"]).toBe(world.viewer.user.email);
    // Stable per delivery and audience, under the app's own host: no product name reaches the client.
    expect(root.headers["message-id"]).toBe(`<report_deliveries-${res.body._id}-clients@localhost>`);
    expect(text).toContain("Hi Sam, the drop in paid search is the one to discuss.");
    expect(text).toContain("Acme – Acme leads");
    // Clients have no account: their link is a share link of the report, not the app's page.
    expect(text).not.toContain("/client-projects/");
    expect(text).toMatch(/View the report: http:\/\/localhost:3000\/shared\/[\w-]{43}\r?\n/);
    expect(text).toContain("The full report is attached: March review – Insights.pptx");
    expect(html).toContain("Acme leads");
    expect(html).toContain("Hi Sam");

    expect(file?.headers["content-type"]).toContain("presentationml.presentation");
    const pkg = await readPackage(file!.body);
    const slides = pkg.paths.filter((p) => /^ppt\/slides\/slide\d+\.xml$/.test(p));
    // The client's deck: a slide per insight that found something (lib/insights/report-document.ts).
    expect(slides).toHaveLength(2 + world.notable);

    const status = await getDelivery(res.body._id, world.viewer.token);
    expect(status.body).toMatchObject({
      status: "delivered",
      attempts: 1,
      error: null,
      result: {
        recipients: ["sam@client.com", "finance@client.com"],
        clientRecipients: ["sam@client.com", "finance@client.com"],
        staffRecipients: [],
        attachment: "March review – Insights.pptx",
      },
    });
    expect((await getDelivery(res.body._id, (await createAgency()).token)).status).toBe(404);
  });

  it("gives clients a share link that opens the report logged out, counted and revocable, and staff the app", async () => {
    const before = inbox.received.length;
    const staff = world.main.admin.email;
    const res = await send(world.project.id, world.main.token, {
      recipients: ["sam@client.com", staff],
      format: "none",
      linkExpiresInDays: "7",
      reportId: world.reportId,
    });
    expect(res.status).toBe(202);
    expect(await deliverManual(res.body._id, "test")).toMatchObject({ kind: "delivered" });
    const mails = inbox.received.slice(before);
    expect(mails.map((m) => m.to)).toEqual([["sam@client.com"], [staff.toLowerCase()]]);

    const client = partsOf(mails[0].raw);
    const url = /http:\/\/localhost:3000\/shared\/([\w-]{43})/.exec(client.text)?.[1];
    expect(url).toBeTruthy();
    expect(client.html).toContain(`/shared/${url}`);
    expect(client.text).toMatch(/no account needed; the link works until \w{3} \d{1,2}, \d{4}/);
    // Opened without a session: the report, its insights.
    const opened = await call(accessRoute.POST, { path: "/api/accessToken", body: { token: url } });
    expect(opened.status).toBe(200);
    expect(opened.body.report._id).toBe(world.reportId);
    expect(opened.body.insights.length).toBe(world.insightIds.length);
    // Listed with the report's other links, named after whom it was emailed to, and counted.
    const links = await call(tokensRoute.GET, {
      path: `/api/reportTokens?reportId=${world.reportId}`,
      token: world.main.token,
    });
    const link = (links.body.docs as { _id: string; label: string; openCount: number; expiresAt: string }[]).find(
      (l) => l.label === "Emailed to sam@client.com",
    )!;
    expect(link).toMatchObject({ openCount: 1 });
    expect(new Date(link.expiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect(new Date(link.expiresAt).getTime() - Date.now()).toBeLessThan(7.1 * 86_400_000);

    const own = partsOf(mails[1].raw);
    expect(own.text).toContain(`/client-projects/${world.project.id}?report=${world.reportId}`);
    expect(own.text).not.toContain("/shared/");

    await call(revokeRoute.POST, {
      path: `/api/reportTokens/${link._id}/revoke`,
      params: { id: link._id },
      token: world.main.token,
    });
    expect((await call(accessRoute.POST, { path: "/api/accessToken", body: { token: url } })).status).toBe(410);
  });

  it("attaches the Excel workbook for chosen insights, with numbers in its cells", async () => {
    const before = inbox.received.length;
    const res = await send(world.project.id, world.main.token, {
      recipients: "sam@client.com",
      format: "xlsx",
      insightIds: world.insightIds.slice(0, 2),
    });
    expect(res.status).toBe(202);
    await deliverManual(res.body._id, "test");
    expect(inbox.received.length - before).toBe(1);
    const { root, file } = partsOf(inbox.received.at(-1)!.raw);
    expect(root.headers.subject).toContain("Acme – Acme leads");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file!.body as unknown as ArrayBuffer);
    expect(book.worksheets.length).toBeGreaterThan(1);
  });

  it("when the mail server is down: recorded as failed with the reason, retried, then sent once", async () => {
    const before = inbox.received.length;
    const res = await send(world.project.id, world.main.token, {
      recipients: "sam@client.com",
      format: "none",
      reportId: world.reportId,
    });
    await inbox.stop();
    const error = await deliverManual(res.body._id, "test").catch((e: unknown) => e);
    expect((error as Error).message).toContain(DELIVERY_MESSAGES.mailServerDown);
    const failed = await getDelivery(res.body._id, world.main.token);
    expect(failed.body).toMatchObject({ status: "failed", attempts: 1 });
    expect(failed.body.error).toContain(DELIVERY_MESSAGES.mailServerDown);

    await inbox.start();
    expect(await deliverManual(res.body._id, "test")).toMatchObject({ kind: "delivered" });
    expect(await deliverManual(res.body._id, "test")).toEqual({ kind: "skipped", why: "done" });
    expect(inbox.received.length - before).toBe(1);
    const done = await getDelivery(res.body._id, world.main.token);
    expect(done.body).toMatchObject({ status: "delivered", attempts: 2, error: null });
    const { file, text } = partsOf(inbox.received.at(-1)!.raw);
    expect(file).toBeUndefined();
    expect(text).not.toContain("attached");
  });

  it("stops without sending when the sender lost access to the project before the job ran", async () => {
    const res = await send(world.project.id, world.viewer.token, {
      recipients: "sam@client.com",
      format: "none",
      reportId: world.reportId,
    });
    const { clientStaff } = await import("@/server/db/schema");
    await db().delete(clientStaff).where(eq(clientStaff.userId, world.viewer.user.id));
    const before = inbox.received.length;
    expect(await deliverManual(res.body._id, "test")).toMatchObject({ kind: "failed" });
    expect(inbox.received.length).toBe(before);
    const [row] = await db().select().from(reportDeliveries).where(eq(reportDeliveries.id, res.body._id));
    expect(row).toMatchObject({
      status: "failed",
      error: "The person who set up this delivery can no longer see this project",
    });
  });
});
