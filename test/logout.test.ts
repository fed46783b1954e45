import { beforeEach, describe, expect, it } from "vitest";
import { GET as listUsers } from "@/app/api/users/route";
import { POST as logout } from "@/app/api/users/logout/route";
import { nextAuthOptions } from "@/server/auth/next-auth-options";
import { decodeSessionToken } from "@/server/auth/session-token";
import { call } from "./api";
import { resetDatabase } from "./db";
import { createAgency, tokenFor } from "./factories";

describe("logout ends the session on the server", () => {
  beforeEach(resetDatabase);

  it("refuses the same token afterwards as bearer and as cookie, and leaves other sessions alone", async () => {
    const { admin, token } = await createAgency();
    const otherDevice = await tokenFor(admin.id);
    expect((await call(listUsers, { path: "/api/users", token })).status).toBe(200);

    const out = await call(logout, { path: "/api/users/logout", method: "POST", token });
    expect(out.status).toBe(200);
    expect(out.headers.get("set-cookie")).toMatch(/Max-Age=0/i);

    expect((await call(listUsers, { path: "/api/users", token })).status).toBe(401);
    expect((await call(listUsers, { path: "/api/users", cookieToken: token })).status).toBe(401);
    expect((await call(listUsers, { path: "/api/users", token: otherDevice })).status).toBe(200);
  });

  it("stops next-auth's session route from renewing an ended session", async () => {
    // /api/auth/session decodes the cookie and re-encodes what the jwt callback returns; the route itself
    // needs Next's request scope, so the callback it relies on is exercised here.
    const { token } = await createAgency();
    const claims = await decodeSessionToken(token);
    const renew = nextAuthOptions().callbacks!.jwt!;
    const args = { token: claims as never, account: null, user: undefined as never, trigger: "update" as const };
    await expect(renew(args)).resolves.toMatchObject({ sid: claims!.sid });

    await call(logout, { path: "/api/users/logout", method: "POST", cookieToken: token });
    await expect(renew(args)).rejects.toThrow("Session ended");
  });

  it("is harmless without a session or with a garbage token", async () => {
    expect((await call(logout, { path: "/api/users/logout", method: "POST" })).status).toBe(200);
    expect((await call(logout, { path: "/api/users/logout", method: "POST", token: "garbage" })).status).toBe(200);
  });
});
