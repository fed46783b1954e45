import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "@/lib/constants/messages";
import { issueSessionToken } from "@/server/auth/session-token";
import { db } from "@/server/db/client";
import { agencies, users } from "@/server/db/schema";
import { call } from "@/test/api";
import { resetDatabase } from "@/test/db";
import { createAgency, createUser } from "@/test/factories";
import { GET } from "./route";

describe("GET /api/users", () => {
  beforeEach(resetDatabase);

  it("gives the current user with their agency, by bearer token", async () => {
    const { agency, admin, token } = await createAgency({ name: "Bearer Agency" });
    const res = await call(GET, { path: "/api/users", token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      _id: admin.id,
      email: admin.email,
      role: "agency",
      isAgencyAdmin: true,
      onboarding: false,
      tempOnboardingStep: null,
      actions: { isScheduleAllowed: true },
      agency: { _id: agency.id, name: "Bearer Agency", subscriptionStatus: "demo", projectLimit: 5 },
    });
    expect(res.body).not.toHaveProperty("passwordHash");
    expect(res.body).not.toHaveProperty("sessionVersion");
  });

  it("works with the session cookie too, and for staff", async () => {
    const { agency } = await createAgency();
    const staff = await createUser({ agencyId: agency.id, role: "staff" });
    const res = await call(GET, { path: "/api/users", cookieToken: staff.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: staff.user.id, role: "staff", isAgencyAdmin: false });
  });

  it("answers 401 without a token, with a garbage token, or a token signed with another secret", async () => {
    const { admin } = await createAgency();
    const none = await call(GET, { path: "/api/users" });
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ status: 401, message: MESSAGES.sessionExpired });
    expect((await call(GET, { path: "/api/users", token: "garbage" })).status).toBe(401);
    expect((await call(GET, { path: "/api/users", cookieToken: "garbage" })).status).toBe(401);

    const secret = process.env.NEXTAUTH_SECRET;
    process.env.NEXTAUTH_SECRET = "another-secret-that-is-long-enough-000";
    const { encode } = await import("next-auth/jwt");
    const forged = await encode({
      token: { sub: admin.id, agencyId: admin.agencyId, role: "agency", sv: 0 },
      secret: process.env.NEXTAUTH_SECRET,
    });
    process.env.NEXTAUTH_SECRET = secret;
    expect((await call(GET, { path: "/api/users", token: forged })).status).toBe(401);
  });

  it("answers 401 once the user is gone, the session version changed, or the agency is unconfirmed", async () => {
    const { agency, admin, token } = await createAgency();
    const staff = await createUser({ agencyId: agency.id, role: "staff" });
    await db().delete(users).where(eq(users.id, staff.user.id));
    expect((await call(GET, { path: "/api/users", token: staff.token })).status).toBe(401);

    const stale = await issueSessionToken({
      sub: admin.id,
      agencyId: agency.id,
      role: "agency",
      sv: admin.sessionVersion + 1,
    });
    expect((await call(GET, { path: "/api/users", token: stale })).status).toBe(401);

    expect((await call(GET, { path: "/api/users", token })).status).toBe(200);
    await db().update(agencies).set({ confirmedAt: null }).where(eq(agencies.id, agency.id));
    expect((await call(GET, { path: "/api/users", token })).status).toBe(401);
  });
});
