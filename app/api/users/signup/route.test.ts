import { count, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "@/lib/constants/messages";
import { db } from "@/server/db/client";
import { invitations, users } from "@/server/db/schema";
import { call } from "@/test/api";
import { queuedJobs, resetDatabase } from "@/test/db";
import { createAgency } from "@/test/factories";
import { POST as invite } from "../../invitations/route";
import { POST as login } from "../login/route";
import { POST } from "./route";

type EmailJob = { to: string; params: { url: string } };
const STAFF_PASSWORD = "Staff-pass1!";

/** An admin invites `email` through the API; returns the agency and the emailed invitation token. */
async function invited(email: string) {
  const { agency, token } = await createAgency();
  expect((await call(invite, { path: "/api/invitations", body: { emails: [email] }, token })).status).toBe(201);
  const job = (await queuedJobs<EmailJob>("send-email")).find((j) => j.to === email)!;
  return { agency, invitationToken: job.params.url.split("/").pop()! };
}

const signup = (body: Record<string, unknown>) =>
  call(POST, {
    path: "/api/users/signup",
    body: { firstName: "Sam", lastName: "Staff", password: STAFF_PASSWORD, confirmPassword: STAFF_PASSWORD, ...body },
  });
const userCount = async () => (await db().select({ n: count() }).from(users))[0].n;

describe("POST /api/users/signup (accept an invitation)", () => {
  beforeEach(resetDatabase);

  it("creates a staff user in the inviting agency with onboarding false, and marks the invitation used", async () => {
    const { agency, invitationToken } = await invited("staffer@example.com");
    const res = await signup({ token: invitationToken, phone: "5551234567" });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({
      agencyId: agency.id,
      email: "staffer@example.com",
      role: "staff",
      isAgencyAdmin: false,
      onboarding: false,
      firstName: "Sam",
      phone: "5551234567",
    });
    const [row] = await db().select().from(users).where(eq(users.email, "staffer@example.com"));
    expect(row).toMatchObject({ agencyId: agency.id, role: "staff", onboarding: false });
    const [inv] = await db().select().from(invitations);
    expect(inv.acceptedAt).toBeInstanceOf(Date);

    const loggedIn = await call(login, { body: { email: "staffer@example.com", password: STAFF_PASSWORD } });
    expect(loggedIn.status).toBe(200);
    expect(loggedIn.body.user.role).toBe("staff");
  });

  it("refuses a second use of the same invitation", async () => {
    const { invitationToken } = await invited("twice@example.com");
    expect((await signup({ token: invitationToken })).status).toBe(201);
    const again = await signup({ token: invitationToken, firstName: "Other" });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ status: 400, message: MESSAGES.invitationInvalid });
    expect(await userCount()).toBe(2); // the admin and the one staff member
  });

  it("refuses an expired invitation and writes nothing", async () => {
    const { invitationToken } = await invited("expired@example.com");
    await db().execute(sql`update invitations set expires_at = now() - interval '1 second'`);
    const res = await signup({ token: invitationToken });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.invitationInvalid);
    expect(await userCount()).toBe(1);
    const [inv] = await db().select().from(invitations);
    expect(inv.acceptedAt).toBeNull();
  });

  it("refuses an unknown token", async () => {
    await createAgency();
    const res = await signup({ token: "no-such-invitation" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.invitationInvalid);
    expect(await userCount()).toBe(1);
  });

  it("gives 400 with errors.confirmPassword on a mismatch, writes no user and keeps the invitation open", async () => {
    const { invitationToken } = await invited("mismatch@example.com");
    const res = await signup({ token: invitationToken, confirmPassword: "Different1!" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ confirmPassword: MESSAGES.passwordMismatch });
    expect(await userCount()).toBe(1);
    const [inv] = await db().select().from(invitations);
    expect(inv.acceptedAt).toBeNull();
    expect((await signup({ token: invitationToken })).status).toBe(201);
  });

  it("gives field errors for missing fields and weak passwords, writing nothing", async () => {
    const { invitationToken } = await invited("fields@example.com");
    const res = await call(POST, {
      path: "/api/users/signup",
      body: { token: invitationToken, password: "weak", confirmPassword: "weak" },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      firstName: MESSAGES.required,
      lastName: MESSAGES.required,
      password: MESSAGES.passwordRules,
    });
    expect(await userCount()).toBe(1);
  });

  it("refuses an invitation whose email meanwhile got an account, and leaves the invitation unused", async () => {
    const { invitationToken } = await invited("race@example.com");
    await createAgency({ email: "race@example.com" });
    const res = await signup({ token: invitationToken });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ email: MESSAGES.invitationAlreadyMember });
    const [inv] = await db().select().from(invitations);
    expect(inv.acceptedAt).toBeNull();
    expect(await userCount()).toBe(2);
  });
});
