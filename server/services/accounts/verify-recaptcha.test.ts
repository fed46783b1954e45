import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// A local server speaking Google's siteverify wire format: form-encoded POST in, JSON out.
const seen: URLSearchParams[] = [];
const server = http.createServer((req, res) => {
  let body = "";
  req.on("data", (c) => (body += c));
  req.on("end", () => {
    const form = new URLSearchParams(body);
    seen.push(form);
    res.setHeader("content-type", "application/json");
    const ok = form.get("secret") === "test-secret" && form.get("response") === "good-answer";
    res.end(
      JSON.stringify(
        ok ? { success: true, hostname: "localhost" } : { success: false, "error-codes": ["invalid-input-response"] },
      ),
    );
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  process.env.RECAPTCHA_SECRET_KEY = "test-secret";
  process.env.RECAPTCHA_VERIFY_URL = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/recaptcha/api/siteverify`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("reCAPTCHA verification", () => {
  it("accepts an answer Google confirms and sends the secret, answer and IP", async () => {
    const { verifyRecaptcha } = await import("./verify-recaptcha");
    expect(await verifyRecaptcha("good-answer", "198.51.100.4")).toBe(true);
    expect(seen.at(-1)?.get("remoteip")).toBe("198.51.100.4");
  });

  it("refuses a wrong or missing answer", async () => {
    const { verifyRecaptcha } = await import("./verify-recaptcha");
    expect(await verifyRecaptcha("bad-answer", "198.51.100.4")).toBe(false);
    expect(await verifyRecaptcha(undefined, "198.51.100.4")).toBe(false);
  });

  it("makes the login route answer 400 with a clear message when the answer is refused", async () => {
    const { POST } = await import("@/app/api/users/login/route");
    const { call } = await import("@/test/api");
    const res = await call(POST, {
      body: { email: "someone@example.com", password: "Secret1!", recaptcha: "bad-answer" },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Please confirm that you are not a robot");
  });
});
