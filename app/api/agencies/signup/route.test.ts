import { count, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "@/lib/constants/messages";
import { hashToken } from "@/server/auth/tokens";
import { db } from "@/server/db/client";
import { agencies, userTokens, users } from "@/server/db/schema";
import { boss } from "@/server/jobs/boss";
import { call } from "@/test/api";
import { queuedJobs, resetDatabase } from "@/test/db";
import { createAgency } from "@/test/factories";
import { POST } from "./route";

type EmailJob = {
  template: string;
  to: string;
  params: { url: string; loginUrl?: string; firstName?: string; agencyName?: string };
};

const valid = {
  agencyName: "Acme Agency",
  website: "acme.example.com",
  firstName: "Ada",
  lastName: "Lovelace",
  email: "Ada.Owner@Example.com",
  phone: "+1 555 123 4567",
  password: "Secret1!",
  confirmPassword: "Secret1!",
  acceptTerms: true,
};

async function rowCounts() {
  const [[a], [u], [t]] = await Promise.all([
    db().select({ n: count() }).from(agencies),
    db().select({ n: count() }).from(users),
    db().select({ n: count() }).from(userTokens),
  ]);
  return { agencies: a.n, users: u.n, tokens: t.n };
}

describe("POST /api/agencies/signup", () => {
  beforeAll(async () => {
    await boss(); // pg-boss's tables exist before tests read queued jobs
  });
  beforeEach(resetDatabase);

  it("creates an unconfirmed agency, its admin and a confirmation token, and queues the confirmation email", async () => {
    const res = await call(POST, { body: valid });
    expect(res.status).toBe(201);
    // Only the address: the same answer is given for an address that has an account.
    expect(res.body).toEqual({ email: "ada.owner@example.com" });

    const [agency] = await db().select().from(agencies);
    expect(agency).toMatchObject({
      name: "Acme Agency",
      website: "acme.example.com",
      phone: "+1 555 123 4567",
      confirmedAt: null,
      projectLimit: 5,
    });
    const [user] = await db().select().from(users).where(eq(users.agencyId, agency.id));
    expect(user).toMatchObject({
      agencyId: agency.id,
      email: "ada.owner@example.com",
      role: "agency",
      firstName: "Ada",
      lastName: "Lovelace",
      onboarding: true,
    });
    expect(user.passwordHash).toMatch(/^scrypt\$/);
    expect(user.passwordHash).not.toContain(valid.password);

    const tokens = await db().select().from(userTokens).where(eq(userTokens.userId, user.id));
    expect(tokens).toHaveLength(1);
    expect(tokens[0].kind).toBe("confirmation");
    const ttl = tokens[0].expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(6.9 * 24 * 3600_000);
    expect(ttl).toBeLessThanOrEqual(7 * 24 * 3600_000);

    const jobs = await queuedJobs<EmailJob>("send-email");
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({
      template: "agency-confirmation",
      to: "ada.owner@example.com",
      params: { firstName: "Ada", agencyName: "Acme Agency" },
    });
    const token = jobs[0].params.url.match(/\/agencies\/confirmation\/([A-Za-z0-9_-]+)$/)?.[1];
    expect(token).toBeTruthy();
    // Only the hash is stored, and it is the hash of the emailed token.
    expect(tokens[0].tokenHash).toBe(hashToken(token!));
    expect(tokens[0].tokenHash).not.toBe(token);
  });

  it("answers an address that has an account exactly as a new one, writes nothing and emails its owner", async () => {
    await createAgency({ email: "taken@example.com" });
    const before = await rowCounts();
    const res = await call(POST, { body: { ...valid, email: "TAKEN@example.com" } });
    const fresh = await call(POST, { body: { ...valid, email: "fresh@example.com" } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ email: "taken@example.com" });
    expect(Object.keys(res.body)).toEqual(Object.keys(fresh.body));
    expect((await rowCounts()).users).toBe(before.users + 1);
    const jobs = await queuedJobs<EmailJob>("send-email");
    expect(jobs.find((j) => j.to === "taken@example.com")).toMatchObject({
      template: "account-exists",
      params: { loginUrl: expect.stringContaining("/login") },
    });
  });

  it("gives 400 with field errors and the registration message for invalid input, and writes nothing", async () => {
    const res = await call(POST, {
      body: {
        ...valid,
        agencyName: "",
        email: "nope",
        phone: "123",
        password: "weak",
        confirmPassword: "weak",
        acceptTerms: false,
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.registrationProblem);
    expect(res.body.errors).toEqual({
      agencyName: MESSAGES.required,
      email: MESSAGES.invalidEmail,
      phone: MESSAGES.invalidPhone,
      password: MESSAGES.passwordRules,
      acceptTerms: MESSAGES.termsRequired,
    });
    expect(await rowCounts()).toEqual({ agencies: 0, users: 0, tokens: 0 });
    expect(await queuedJobs("send-email")).toEqual([]);
  });

  it("refuses mismatched passwords and a too-long agency name", async () => {
    const mismatch = await call(POST, { body: { ...valid, confirmPassword: "Secret2!" } });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors).toEqual({ confirmPassword: MESSAGES.passwordMismatch });
    const long = await call(POST, { body: { ...valid, agencyName: "a".repeat(256) } });
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual({ agencyName: "Agency name should be equal or less than 255 characters" });
    expect(await rowCounts()).toEqual({ agencies: 0, users: 0, tokens: 0 });
  });

  it("answers malformed JSON with 400 and a non-JSON body with 415, writing nothing", async () => {
    const malformed = await call(POST, { rawBody: "{", headers: { "content-type": "application/json" } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe(MESSAGES.malformedJson);
    const wrongType = await call(POST, { rawBody: "agencyName=x", headers: { "content-type": "text/plain" } });
    expect(wrongType.status).toBe(415);
    expect(await rowCounts()).toEqual({ agencies: 0, users: 0, tokens: 0 });
  });
});
