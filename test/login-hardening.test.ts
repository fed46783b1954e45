import { beforeAll, afterAll, beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "@/lib/constants/messages";
import { startRecaptchaFake } from "@/e2e/fakes/recaptcha/siteverify";
import { call } from "@/test/api";
import { resetDatabase } from "@/test/db";
import { createAgency, PASSWORD } from "@/test/factories";
import { POST } from "@/app/api/users/login/route";
import { recordLoginFailure } from "@/server/services/accounts/rate-limit";

let fake: Awaited<ReturnType<typeof startRecaptchaFake>>;
const GOOD = "good-answer";

// The secret is set before the first env() read of this file's module graph.
beforeAll(async () => {
  fake = await startRecaptchaFake({ secret: "test-secret", good: GOOD });
  process.env.RECAPTCHA_SECRET_KEY = "test-secret";
  process.env.RECAPTCHA_VERIFY_URL = fake.url;
  // Small limits keep the test quick (each attempt hashes a password).
  process.env.LOGIN_RATE_LIMIT_PER_EMAIL = "3";
  process.env.LOGIN_RATE_LIMIT_PER_IP = "8";
});
afterAll(async () => {
  for (const name of ["RECAPTCHA_SECRET_KEY", "LOGIN_RATE_LIMIT_PER_EMAIL", "LOGIN_RATE_LIMIT_PER_IP"])
    delete process.env[name];
  await fake.close();
});

const attempt = (email: string, password: string, ip: string, headers: Record<string, string> = {}) =>
  call(POST, { body: { email, password, "g-recaptcha-response": GOOD }, ip, headers });

describe("login throttling and reCAPTCHA", () => {
  beforeEach(resetDatabase);

  it("a stranger's wrong passwords slow down their own address, never the owner elsewhere", async () => {
    const { admin } = await createAgency();
    for (let i = 0; i < 3; i++) expect((await attempt(admin.email, "Wrong1!x", "198.51.100.7")).status).toBe(401);
    // The 4th failure starts the delay for that pair.
    expect((await attempt(admin.email, "Wrong1!x", "198.51.100.7")).status).toBe(401);
    const limited = await attempt(admin.email, PASSWORD, "198.51.100.7");
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ status: 429, message: MESSAGES.loginRateLimited });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    // The owner, from their own address, logs in.
    expect((await attempt(admin.email, PASSWORD, "203.0.113.50")).status).toBe(200);
  });

  it("the delay doubles with each further failure of the pair, up to the window", async () => {
    const waits: number[] = [];
    for (let i = 0; i < 16; i++) waits.push(await recordLoginFailure("victim@example.com", "192.0.2.9"));
    expect(waits).toEqual([0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900]);
    expect(await recordLoginFailure("victim@example.com", "192.0.2.10")).toBe(0);
  });

  it("X-Forwarded-For sent by the caller changes nothing: the address is the web server's", async () => {
    const { admin } = await createAgency();
    for (let i = 0; i < 8; i++) {
      const res = await attempt(`x${i}@example.com`, "Wrong1!x", "192.0.2.1", { "x-forwarded-for": `10.0.${i}.1` });
      expect(res.status).toBe(401);
    }
    const limited = await attempt(admin.email, PASSWORD, "192.0.2.1", { "x-forwarded-for": "10.9.9.9" });
    expect(limited.status).toBe(429);
  });

  it("verifies the recaptcha response field with the configured secret", async () => {
    const { admin } = await createAgency();
    const missing = await call(POST, { body: { email: admin.email, password: PASSWORD } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(MESSAGES.recaptchaFailed);
    const wrong = await call(POST, { body: { email: admin.email, password: PASSWORD, recaptcha: "bot" } });
    expect(wrong.status).toBe(400);
    const ok = await attempt(admin.email, PASSWORD, "198.51.100.1");
    expect(ok.status).toBe(200);
    const sent = fake.seen.at(-1)!;
    expect(Object.fromEntries(sent)).toEqual({ secret: "test-secret", response: GOOD, remoteip: "198.51.100.1" });
  });

  it("the session cookie is HttpOnly and SameSite=Lax (Secure under https, see session-token.test.ts)", async () => {
    const { admin } = await createAgency();
    const res = await attempt(admin.email, PASSWORD, "198.51.100.2");
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
  });
});
