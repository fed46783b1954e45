import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as supportRoute from "@/app/api/support-requests/route";
import { SUPPORT_MESSAGES } from "@/lib/validation/support";
import { supportRequestHandler } from "@/server/jobs/handlers/support-request";
import { call } from "./api";
import { queuedJobs, resetDatabase } from "./db";
import { createAgency, createUser } from "./factories";
import { smtpInbox } from "./smtp-inbox";

const SUPPORT = "help@operator.example";
let inbox: Awaited<ReturnType<typeof smtpInbox>>;

beforeAll(async () => {
  inbox = await smtpInbox();
  // Read on first use of the environment in this file.
  process.env.SMTP_URL = inbox.url;
  process.env.SUPPORT_EMAIL = SUPPORT;
  await resetDatabase();
});
afterAll(async () => {
  await inbox.stop();
  delete process.env.SUPPORT_EMAIL;
});

const send = (token: string, body: unknown) => call(supportRoute.POST, { path: "/api/support-requests", token, body });
const list = (token: string) => call(supportRoute.GET, { path: "/api/support-requests", token });

/** The message's text: quoted-printable soft breaks joined, so a long line reads whole. */
const textOf = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");

describe("support requests", () => {
  it("emails the operator's SUPPORT_EMAIL with the agency's id and plan, confirms to the sender, lists it as sent", async () => {
    const { agency, admin, token } = await createAgency({ name: "Northwind Agency" });
    const res = await send(token, {
      subject: "More projects",
      message: "We need room for 20 more projects next month.",
      planTier: "business",
      planKind: "team",
    });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ subject: "More projects", planWanted: "Business Team", status: "queued" });

    const [job] = await queuedJobs<{ requestId: string }>("support-request");
    expect(job.requestId).toBe(res.body._id);
    await supportRequestHandler.handle(job, { jobId: "test" });
    // A retry of a request already sent sends nothing again.
    await supportRequestHandler.handle(job, { jobId: "test-2" });

    const toSupport = inbox.received.filter((m) => m.to.includes(SUPPORT));
    expect(toSupport).toHaveLength(1);
    const raw = textOf(toSupport[0].raw);
    expect(raw).toContain(`Agency id: ${agency.id}`);
    expect(raw).toContain("Plan wanted: Business Team");
    expect(raw).toContain("Plan: Demo (demo, 5 projects)");
    expect(raw).toContain("We need room for 20 more projects next month.");
    expect(raw).toMatch(new RegExp(`Reply-To: ${admin.email.replace(/[.+]/g, "\\$&")}`, "i"));
    const confirmation = inbox.received.filter((m) => m.to.includes(admin.email));
    expect(confirmation).toHaveLength(1);
    expect(textOf(confirmation[0].raw)).toContain("We received your request: More projects");

    const listed = await list(token);
    expect(listed.body).toMatchObject({ configured: true, total: 1 });
    expect(listed.body.docs[0]).toMatchObject({ _id: res.body._id, status: "sent", error: null });
  });

  it("keeps requests to agency admins of their agency, with field errors and nothing written on bad input", async () => {
    const { agency, token } = await createAgency();
    const staff = await createUser({ agencyId: agency.id, role: "staff" });
    expect((await send(staff.token, { subject: "Hi", message: "Hello" })).status).toBe(403);
    expect((await list(staff.token)).status).toBe(403);
    const bad = await send(token, { subject: " ", message: "x".repeat(5001), planTier: "pro" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({ subject: "This field is required" });
    expect(bad.body.errors.message).toMatch(/5000 characters/);
    const onlyTier = await send(token, { subject: "Plan", message: "Pro please", planTier: "pro" });
    expect(onlyTier.body.errors).toEqual({ planTier: SUPPORT_MESSAGES.planPair });
    // Another agency sees none of the first agency's requests.
    expect((await list(token)).body).toMatchObject({ docs: [], total: 0 });
  });
});
