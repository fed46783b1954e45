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

// Issue 60: next-auth's own sign-out cleared the cookie but left the token working, and /api/auth/session renewed it.
test("next-auth's sign-out ends the session on the server, as the app's logout does", async ({
  playwright,
  baseURL,
}) => {
  const api = await playwright.request.newContext({ baseURL });
  const login = await api.post("/api/users/login", { data: { email: "demo@funnelwise.local", password: "Demo123!" } });
  expect(login.status()).toBe(200);
  const { token } = await login.json();
  const bearer = { authorization: `Bearer ${token}` };
  expect((await api.get("/api/users", { headers: bearer })).status()).toBe(200);

  // Signed in through the cookie the login set; next-auth's form needs its CSRF token.
  const { csrfToken } = await (await api.get("/api/auth/csrf")).json();
  const signOut = await api.post("/api/auth/signout", { form: { csrfToken }, maxRedirects: 0 });
  expect(signOut.status()).toBeLessThan(400);

  const afterwards = await api.get("/api/users", { headers: bearer });
  expect(afterwards.status()).toBe(401);
  // The session route does not renew the ended token either, sent as the cookie it was.
  const session = await api.get("/api/auth/session", { headers: { cookie: `next-auth.session-token=${token}` } });
  expect(await session.json()).toEqual({});
  await api.dispose();
});
