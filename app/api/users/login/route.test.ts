import { beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "@/lib/constants/messages";
import { call } from "@/test/api";
import { resetDatabase } from "@/test/db";
import { createAgency, PASSWORD } from "@/test/factories";
import { POST } from "./route";

describe("POST /api/users/login", () => {
  beforeEach(resetDatabase);

  it("logs in with the right password, sets the cookie and returns a token", async () => {
    const { admin } = await createAgency();
    const res = await call(POST, { body: { email: admin.email.toUpperCase(), password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body.token).toEqual(expect.any(String));
    expect(res.body.user.email).toBe(admin.email);
    expect(res.headers.get("set-cookie")).toMatch(/next-auth\.session-token=.+HttpOnly/i);
    expect(res.headers.get("x-transaction-id")).toBeTruthy();
  });

  it("answers 401 with the spec's message for a wrong password or unknown email", async () => {
    const { admin } = await createAgency();
    const wrong = await call(POST, { body: { email: admin.email, password: "Wrong1!x" } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ status: 401, message: MESSAGES.loginInvalid });
    const unknown = await call(POST, { body: { email: "nobody@example.com", password: PASSWORD } });
    expect(unknown.body.message).toBe(MESSAGES.loginInvalid);
  });

  it("refuses an unconfirmed agency", async () => {
    const { admin } = await createAgency({ confirmed: false });
    const res = await call(POST, { body: { email: admin.email, password: PASSWORD } });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MESSAGES.agencyNotConfirmed);
  });

  it("slows down failed attempts per account and address with 429, without locking the account elsewhere", async () => {
    const { admin } = await createAgency();
    for (let i = 0; i < 11; i++) {
      const res = await call(POST, { body: { email: admin.email, password: "Wrong1!x" }, ip: "198.51.100.3" });
      expect(res.status).toBe(401);
    }
    const limited = await call(POST, { body: { email: admin.email, password: PASSWORD }, ip: "198.51.100.3" });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(MESSAGES.loginRateLimited);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    const owner = await call(POST, { body: { email: admin.email, password: PASSWORD }, ip: "198.51.100.99" });
    expect(owner.status).toBe(200);
  });

  it("rate-limits attempts per IP with 429", async () => {
    const { admin } = await createAgency();
    for (let i = 0; i < 50; i++)
      await call(POST, { body: { email: `x${i}@example.com`, password: "Wrong1!x" }, ip: "192.0.2.1" });
    const limited = await call(POST, { body: { email: admin.email, password: PASSWORD }, ip: "192.0.2.1" });
    expect(limited.status).toBe(429);
    // 51 password hashes: room for a machine shared with other work.
  }, 120_000);

  it("gives 400 with field errors, 400 for malformed JSON and 415 for another content type", async () => {
    const invalid = await call(POST, { body: { email: "not-an-email", password: "" } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual({ email: MESSAGES.invalidEmail, password: MESSAGES.required });
    const malformed = await call(POST, { rawBody: "{nope", headers: { "content-type": "application/json" } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe(MESSAGES.malformedJson);
    const wrongType = await call(POST, {
      rawBody: "email=a",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(wrongType.status).toBe(415);
  });

  it("refuses bodies over 1 MB with 413", async () => {
    const res = await call(POST, { body: { email: "a@b.co", password: "x".repeat(1024 * 1024 + 10) } });
    expect(res.status).toBe(413);
  });

  it("echoes the caller's transaction id", async () => {
    const res = await call(POST, { body: {}, headers: { "x-transaction-id": "tx-123" } });
    expect(res.headers.get("x-transaction-id")).toBe("tx-123");
  });
});
