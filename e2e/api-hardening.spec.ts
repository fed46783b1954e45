import { expect, test } from "./support/test";

// What only the real server shows: answers Next.js gives before any route handler runs.
test.describe("API answers malformed requests in the one error shape", () => {
  test("malformed percent-encoding in a path is a 400", async ({ request }) => {
    const res = await request.get("/api/clients/%ZZ");
    expect(res.status()).toBe(400);
    expect(await res.json()).toEqual({ status: 400, message: expect.any(String) });
  });

  test("TRACE and methods a route does not have are 405 with Allow", async ({ request }) => {
    const trace = await request.fetch("/api/health", { method: "TRACE" });
    expect(trace.status()).toBe(405);
    expect((await trace.json()).status).toBe(405);
    const del = await request.delete("/api/health");
    expect(del.status()).toBe(405);
    expect(del.headers()["allow"]).toBe("GET, HEAD, OPTIONS");
    expect(await del.json()).toEqual({ status: 405, message: expect.any(String) });
  });

  test("invalid JSON on the session route is a 400", async ({ request }) => {
    const res = await request.post("/api/auth/session", {
      headers: { "content-type": "application/json" },
      data: Buffer.from("{not json"),
    });
    expect(res.status()).toBe(400);
    expect((await res.json()).status).toBe(400);
    // A JSON value that is not an object (what a client sending a bare string gets) too.
    const bare = await request.post("/api/auth/session", {
      headers: { "content-type": "application/json" },
      data: "x",
    });
    expect(bare.status()).toBe(400);
    expect((await bare.json()).status).toBe(400);
  });
});
