import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "@/lib/constants/messages";
import { db } from "@/server/db/client";
import { agencies, users, userTokens } from "@/server/db/schema";
import { call } from "@/test/api";
import { queuedJobs, resetDatabase } from "@/test/db";
import { POST as signup } from "../signup/route";
import { POST as login } from "../../users/login/route";
import { POST as forgotPassword } from "../../users/forgotpassword/route";
import { GET } from "./route";

type EmailJob = { template: string; to: string; params: { url: string } };
const PASSWORD = "Secret1!";

/** Registers an agency through the API and returns the emailed confirmation token. */
async function register(email: string) {
  const res = await call(signup, {
    body: {
      agencyName: "Acme",
      firstName: "Ada",
      lastName: "Owner",
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      acceptTerms: true,
    },
  });
  expect(res.status).toBe(201);
  const job = (await queuedJobs<EmailJob>("send-email")).find(
    (j) => j.to === email && j.template === "agency-confirmation",
  );
  const [agency] = await db()
    .select({ id: agencies.id })
    .from(agencies)
    .innerJoin(users, eq(users.agencyId, agencies.id))
    .where(eq(users.email, email));
  return { agencyId: agency.id, token: job!.params.url.split("/").pop()! };
}

const confirm = (token: string) => call(GET, { path: `/api/agencies/confirmation?token=${encodeURIComponent(token)}` });

async function confirmedAt(agencyId: string) {
  const [row] = await db()
    .select({ confirmedAt: agencies.confirmedAt })
    .from(agencies)
    .where(eq(agencies.id, agencyId));
  return row.confirmedAt;
}

describe("GET /api/agencies/confirmation", () => {
  beforeEach(resetDatabase);

  it("confirms the agency once, refuses the token the second time, and login then works", async () => {
    const { agencyId, token } = await register("owner@example.com");
    const before = await call(login, { body: { email: "owner@example.com", password: PASSWORD } });
    expect(before.status).toBe(403);
    expect(before.body.message).toBe(MESSAGES.agencyNotConfirmed);

    const res = await confirm(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ agencyId, email: "owner@example.com", message: MESSAGES.agencyConfirmed });
    expect(await confirmedAt(agencyId)).toBeInstanceOf(Date);

    const reused = await confirm(token);
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual({ status: 400, message: MESSAGES.confirmationTokenInvalid });

    const after = await call(login, { body: { email: "owner@example.com", password: PASSWORD } });
    expect(after.status).toBe(200);
    expect(after.body.token).toEqual(expect.any(String));
  });

  it("refuses an expired token and leaves the agency unconfirmed", async () => {
    const { agencyId, token } = await register("late@example.com");
    await db().execute(sql`update user_tokens set expires_at = now() - interval '1 minute'`);
    const res = await confirm(token);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.confirmationTokenInvalid);
    expect(await confirmedAt(agencyId)).toBeNull();
    const [row] = await db().select({ usedAt: userTokens.usedAt }).from(userTokens);
    expect(row.usedAt).toBeNull();
    expect((await call(login, { body: { email: "late@example.com", password: PASSWORD } })).status).toBe(403);
  });

  it("refuses unknown tokens, a missing token, and a password-reset token", async () => {
    const { agencyId } = await register("other@example.com");
    const unknown = await confirm("not-a-real-token");
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(MESSAGES.confirmationTokenInvalid);

    const missing = await call(GET, { path: "/api/agencies/confirmation" });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ token: MESSAGES.required });

    // A reset link is a token of another kind: it must not confirm the agency.
    await call(forgotPassword, { body: { email: "other@example.com" } });
    const reset = (await queuedJobs<EmailJob>("send-email")).find((j) => j.template === "password-reset")!;
    const wrongKind = await confirm(reset.params.url.split("/").pop()!);
    expect(wrongKind.status).toBe(400);
    expect(await confirmedAt(agencyId)).toBeNull();
  });
});
