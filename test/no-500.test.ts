import { count, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "@/lib/constants/messages";
import { db } from "@/server/db/client";
import { agencies, clients, users } from "@/server/db/schema";
import { assertReadableAuthBody } from "@/server/http/next-auth-body";
import * as signup from "@/app/api/agencies/signup/route";
import * as propertyRoute from "@/app/api/properties/[id]/route";
import * as shareRoute from "@/app/api/clients/[id]/staffs/add/route";
import * as permissionsRoute from "@/app/api/users/[id]/permissions/update/route";
import { call } from "@/test/api";
import { queuedJobs, resetDatabase } from "@/test/db";
import { uploadCsv, uploadWorld } from "@/test/data-source-fixtures";
import { createUser } from "@/test/factories";
import { rowCounts } from "@/test/fuzz/row-counts";

const signupBody = {
  agencyName: "Acme",
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@acme.example",
  password: "Secret1!",
  confirmPassword: "Secret1!",
  acceptTerms: true,
};

describe("malformed input answers 4xx in the error shape, never 500", () => {
  beforeEach(resetDatabase);

  it("NUL characters and lone surrogates in any field are a 400 naming the field; nothing is created", async () => {
    const before = await rowCounts();
    for (const [field, value] of [
      ["agencyName", "Acme\u0000"],
      ["firstName", "\uD800"],
      ["lastName", "x\uDFFF"],
    ] as const) {
      const res = await call(signup.POST, { body: { ...signupBody, [field]: value } });
      expect(res.status).toBe(400);
      expect(res.body.errors[field]).toBe(MESSAGES.invalidCharacters);
    }
    // A JSON key can carry them too.
    const res = await call(signup.POST, { rawBody: '{"\\ud800":1}', headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect(await rowCounts()).toEqual(before);
    expect(await queuedJobs("send-email")).toEqual([]);
  });

  it("sign-up queues its email in the same transaction: an email that cannot be queued leaves no agency behind", async () => {
    const res = await call(signup.POST, { body: signupBody });
    expect(res.status).toBe(201);
    expect(await queuedJobs("send-email")).toEqual([
      expect.objectContaining({ template: "agency-confirmation", to: signupBody.email }),
    ]);
    const [{ n }] = await db().select({ n: count() }).from(agencies);
    expect(n).toBe(1);
  });

  it("an empty PUT /api/properties/{id} is a 400, not a 500", async () => {
    const { main, project } = await uploadWorld();
    const res = await call(propertyRoute.PUT, {
      method: "PUT",
      params: { id: project.id },
      body: {},
      token: main.token,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: 400, message: MESSAGES.validationFailed, errors: { _: MESSAGES.emptyUpdate } });
  });

  it("a CSV with a date that is not one is a 400 naming line and column", async () => {
    // (A first row with an empty date and a number is a totals row, read as one and skipped.)
    const { main, sourceId } = await uploadWorld();
    const res = await uploadCsv(sourceId, main.token, "date,sessions\n2024-01-01,3\nsoon,5\n");
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Line 3, column date: "soon" is not a date/);
  });

  it("booleans are not permission levels; digits from a form's select still are", async () => {
    const { main, client } = await uploadWorld();
    const staff = await createUser({ agencyId: main.agency.id, role: "staff" });
    for (const permission of [true, false, "true", 1.5, "01", null]) {
      const res = await call(shareRoute.POST, {
        params: { id: client.id },
        body: { email: staff.user.email, permission },
        token: main.token,
      });
      expect(res.status, String(permission)).toBe(400);
      expect(res.body.errors.permission).toBeTruthy();
    }
    const bulk = await call(permissionsRoute.POST, {
      params: { id: staff.user.id },
      body: { permissions: [{ clientId: client.id, permission: true }] },
      token: main.token,
    });
    expect(bulk.status).toBe(400);
    const ok = await call(shareRoute.POST, {
      params: { id: client.id },
      body: { email: staff.user.email, permission: "4" },
      token: main.token,
    });
    expect(ok.status).toBe(201);
  });

  it("deleting a client removes it whole", async () => {
    const { main, client } = await uploadWorld();
    const clientRoute = await import("@/app/api/clients/[id]/route");
    const res = await call(clientRoute.DELETE, { method: "DELETE", params: { id: client.id }, token: main.token });
    expect(res.status).toBe(200);
    expect(await db().select().from(clients).where(eq(clients.id, client.id))).toEqual([]);
    expect((await db().select().from(users).where(eq(users.id, main.admin.id))).length).toBe(1);
  });
});

describe("next-auth's routes", () => {
  const post = (body: string, type = "application/json") =>
    new Request("http://localhost/api/auth/session", { method: "POST", body, headers: { "content-type": type } });

  it("refuse invalid JSON and unstorable text with a 400 before next-auth reads the body", async () => {
    await expect(assertReadableAuthBody(post("{"))).rejects.toMatchObject({
      status: 400,
      message: MESSAGES.malformedJson,
    });
    await expect(assertReadableAuthBody(post('{"csrfToken":"\\u0000"}'))).rejects.toMatchObject({ status: 400 });
    await expect(assertReadableAuthBody(post('"a string"'))).rejects.toMatchObject({ status: 400 });
    const fine = post('{"csrfToken":"abc"}');
    await assertReadableAuthBody(fine);
    // next-auth can still read the body itself.
    expect(await fine.json()).toEqual({ csrfToken: "abc" });
    await assertReadableAuthBody(post("not json", "application/x-www-form-urlencoded"));
  });
});
