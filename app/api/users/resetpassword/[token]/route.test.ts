import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "@/lib/constants/messages";
import { db } from "@/server/db/client";
import { userTokens, users } from "@/server/db/schema";
import { call } from "@/test/api";
import { queuedJobs, resetDatabase } from "@/test/db";
import { createAgency, PASSWORD } from "@/test/factories";
import { POST as forgotPassword } from "../../forgotpassword/route";
import { POST as login } from "../../login/route";
import { GET as currentUser } from "../../route";
import { PUT as updateUser } from "../../[id]/route";
import { GET, POST } from "./route";

type EmailJob = { template: string; to: string; params: { url: string } };
const NEW_PASSWORD = "Brand-new1!";

/** Requests a reset link through the API and returns the emailed token. */
async function requestReset(email: string): Promise<string> {
  expect((await call(forgotPassword, { body: { email } })).status).toBe(200);
  const [job] = (await queuedJobs<EmailJob>("send-email")).filter(
    (j) => j.to === email && j.template === "password-reset",
  );
  return job.params.url.split("/").pop()!;
}

const info = (token: string) => call(GET, { path: `/api/users/resetpassword/${token}`, params: { token } });
const reset = (token: string, password: string, confirmPassword = password) =>
  call(POST, { path: `/api/users/resetpassword/${token}`, params: { token }, body: { password, confirmPassword } });
const canLogin = async (email: string, password: string) =>
  (await call(login, { body: { email, password } })).status === 200;

describe("GET|POST /api/users/resetpassword/{token}", () => {
  beforeEach(resetDatabase);

  it("GET describes a valid token and refuses an unknown one", async () => {
    const { admin } = await createAgency();
    const token = await requestReset(admin.email);
    const res = await info(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ token, email: admin.email, expiresAt: expect.any(String) });
    const unknown = await info("unknown-token");
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ status: 400, message: MESSAGES.resetTokenInvalid });
  });

  it("POST sets the new password once: login works with it, not with the old one, and the token is spent", async () => {
    const { admin } = await createAgency();
    const token = await requestReset(admin.email);
    const res = await reset(token, NEW_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: MESSAGES.passwordResetDone });
    expect(await canLogin(admin.email, NEW_PASSWORD)).toBe(true);
    expect(await canLogin(admin.email, PASSWORD)).toBe(false);

    const again = await reset(token, "Another1!");
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(MESSAGES.resetTokenInvalid);
    expect((await info(token)).status).toBe(400);
    expect(await canLogin(admin.email, NEW_PASSWORD)).toBe(true);
  });

  it("ends existing sessions: an old session token gets 401 from GET /api/users", async () => {
    const { admin, token: session } = await createAgency();
    expect((await call(currentUser, { path: "/api/users", token: session })).status).toBe(200);
    const token = await requestReset(admin.email);
    expect((await reset(token, NEW_PASSWORD)).status).toBe(200);
    const res = await call(currentUser, { path: "/api/users", token: session });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(MESSAGES.sessionExpired);
  });

  it("refuses the same password as before with errors.password, and keeps the token usable", async () => {
    const { admin } = await createAgency();
    const [before] = await db().select().from(users).where(eq(users.id, admin.id));
    const token = await requestReset(admin.email);
    const res = await reset(token, PASSWORD);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ password: "The new password must be different from the previous one" });
    const [after] = await db().select().from(users).where(eq(users.id, admin.id));
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(after.sessionVersion).toBe(before.sessionVersion);
    expect((await info(token)).status).toBe(200);
  });

  it("refuses an expired token and changes nothing", async () => {
    const { admin } = await createAgency();
    const token = await requestReset(admin.email);
    await db().execute(sql`update user_tokens set expires_at = now() - interval '1 second'`);
    expect((await info(token)).status).toBe(400);
    const res = await reset(token, NEW_PASSWORD);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.resetTokenInvalid);
    expect(await canLogin(admin.email, PASSWORD)).toBe(true);
    const [row] = await db().select({ usedAt: userTokens.usedAt }).from(userTokens);
    expect(row.usedAt).toBeNull();
  });

  it("applies the password rules and confirmation, writing nothing", async () => {
    const { admin } = await createAgency();
    const [before] = await db().select().from(users).where(eq(users.id, admin.id));
    const token = await requestReset(admin.email);
    const weak = await reset(token, "weakpass");
    expect(weak.status).toBe(400);
    expect(weak.body.errors).toEqual({ password: MESSAGES.passwordRules });
    const mismatch = await reset(token, NEW_PASSWORD, "Other-one1!");
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors).toEqual({ confirmPassword: MESSAGES.passwordMismatch });
    const [after] = await db().select().from(users).where(eq(users.id, admin.id));
    expect(after.passwordHash).toBe(before.passwordHash);
    const [row] = await db().select({ usedAt: userTokens.usedAt }).from(userTokens);
    expect(row.usedAt).toBeNull();
  });

  it("only the newest link works, and using one ends every other (issue 60)", async () => {
    const { admin } = await createAgency();
    const first = await requestReset(admin.email);
    const second = await requestReset(admin.email);
    expect(second).not.toBe(first);
    // Issuing R2 ended R1.
    expect((await info(first)).status).toBe(400);
    expect((await reset(first, NEW_PASSWORD)).body).toEqual({ status: 400, message: MESSAGES.resetTokenInvalid });
    expect(await canLogin(admin.email, PASSWORD)).toBe(true);

    expect((await reset(second, NEW_PASSWORD)).status).toBe(200);
    // Used, R2 is spent; R1 stays ended, and a third link issued meanwhile by a race would be too.
    expect((await reset(first, "Another1!")).status).toBe(400);
    expect(await canLogin(admin.email, NEW_PASSWORD)).toBe(true);
    const live = await db().select().from(userTokens).where(eq(userTokens.userId, admin.id));
    expect(live.filter((t) => t.usedAt === null)).toEqual([]);
  });

  it("a password changed in the profile ends every reset link issued before", async () => {
    const { admin, token: session } = await createAgency();
    const link = await requestReset(admin.email);
    const changed = await call(updateUser, {
      method: "PUT",
      path: `/api/users/${admin.id}`,
      params: { id: admin.id },
      token: session,
      body: {
        mode: "change-password",
        currentPassword: PASSWORD,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      },
    });
    expect(changed.status).toBe(200);
    expect((await info(link)).status).toBe(400);
    const res = await reset(link, "Another1!");
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.resetTokenInvalid);
    expect(await canLogin(admin.email, NEW_PASSWORD)).toBe(true);
  });
});
