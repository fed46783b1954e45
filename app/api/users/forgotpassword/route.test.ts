import { count, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "@/lib/constants/messages";
import { hashToken } from "@/server/auth/tokens";
import { db } from "@/server/db/client";
import { userTokens } from "@/server/db/schema";
import { boss } from "@/server/jobs/boss";
import { call } from "@/test/api";
import { queuedJobs, resetDatabase } from "@/test/db";
import { createAgency } from "@/test/factories";
import { POST } from "./route";

type EmailJob = { template: string; to: string; params: { url: string; firstName: string } };

describe("POST /api/users/forgotpassword", () => {
  beforeAll(async () => {
    await boss();
  });
  beforeEach(resetDatabase);

  it("gives the same answer for an existing and an unknown email, and emails only the existing one", async () => {
    const { admin } = await createAgency();
    const known = await call(POST, { body: { email: admin.email.toUpperCase() } });
    const unknown = await call(POST, { body: { email: "nobody@example.com" } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({ message: MESSAGES.forgotPasswordSent });
    expect(unknown.body).toEqual(known.body);

    const jobs = await queuedJobs<EmailJob>("send-email");
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({
      template: "password-reset",
      to: admin.email,
      params: { firstName: admin.firstName },
    });
    const token = jobs[0].params.url.match(/\/reset-password\/([A-Za-z0-9_-]+)$/)?.[1];
    expect(token).toBeTruthy();

    const rows = await db().select().from(userTokens);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: admin.id,
      kind: "password_reset",
      usedAt: null,
      tokenHash: hashToken(token!),
    });
    const ttl = rows[0].expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(59 * 60_000);
    expect(ttl).toBeLessThanOrEqual(60 * 60_000);
  });

  it("gives 400 for an invalid email and writes nothing", async () => {
    const missing = await call(POST, { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ email: MESSAGES.required });
    const invalid = await call(POST, { body: { email: "not-an-email" } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual({ email: MESSAGES.invalidEmail });
    const [{ n }] = await db().select({ n: count() }).from(userTokens);
    expect(n).toBe(0);
    expect(await queuedJobs("send-email")).toEqual([]);
  });

  it("issues a fresh link on each request", async () => {
    const { admin } = await createAgency();
    await call(POST, { body: { email: admin.email } });
    await call(POST, { body: { email: admin.email } });
    const jobs = await queuedJobs<EmailJob>("send-email");
    expect(jobs).toHaveLength(2);
    expect(jobs[0].params.url).not.toBe(jobs[1].params.url);
    const [{ n }] = await db().select({ n: count() }).from(userTokens).where(eq(userTokens.userId, admin.id));
    expect(n).toBe(2);
  });

  it("sends at most three reset mails an hour to one address, account or not, and twenty per client address", async () => {
    const { admin } = await createAgency();
    for (const email of [admin.email, "nobody@example.com"]) {
      for (let i = 0; i < 3; i++) expect((await call(POST, { body: { email } })).status).toBe(200);
      // The fourth answers alike for both: a 429 tells nothing about who has an account.
      const refused = await call(POST, { body: { email: email.toUpperCase() } });
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ status: 429, message: MESSAGES.forgotPasswordRateLimited });
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3500);
    }
    expect(await queuedJobs("send-email")).toHaveLength(3);
    // Another address from elsewhere is not held back by them.
    expect((await call(POST, { body: { email: "other@example.com" }, ip: "198.51.100.2" })).status).toBe(200);

    // One client address asking for many addresses: the 21st is refused.
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push((await call(POST, { body: { email: `many${i}@example.com` }, ip: "198.51.100.9" })).status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  }, 120_000);
});
