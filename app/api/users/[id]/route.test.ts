import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "@/lib/constants/messages";
import { db } from "@/server/db/client";
import { users } from "@/server/db/schema";
import { call } from "@/test/api";
import { resetDatabase } from "@/test/db";
import { createAgency, createUser, PASSWORD } from "@/test/factories";
import { POST as login } from "../login/route";
import { GET as currentUser } from "../route";
import { GET, PUT } from "./route";

const getUser = (id: string, token: string) => call(GET, { path: `/api/users/${id}`, params: { id }, token });
const putUser = (id: string, body: unknown, opts: { token?: string; cookieToken?: string }) =>
  call(PUT, { method: "PUT", path: `/api/users/${id}`, params: { id }, body, ...opts });
const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0];

describe("GET /api/users/{id}", () => {
  beforeEach(resetDatabase);

  it("gives users themselves", async () => {
    const { agency, admin, token } = await createAgency();
    const staff = await createUser({ agencyId: agency.id, role: "staff" });
    const self = await getUser(admin.id, token);
    expect(self.status).toBe(200);
    expect(self.body).toMatchObject({ _id: admin.id, email: admin.email, isAgencyAdmin: true });
    expect(self.body).not.toHaveProperty("passwordHash");
    const staffSelf = await getUser(staff.user.id, staff.token);
    expect(staffSelf.status).toBe(200);
    expect(staffSelf.body).toMatchObject({ _id: staff.user.id, role: "staff", isAgencyAdmin: false });
  });

  it("lets an admin read staff of the same agency, but not staff another user", async () => {
    const { agency, admin, token } = await createAgency();
    const staff = await createUser({ agencyId: agency.id, role: "staff" });
    const colleague = await createUser({ agencyId: agency.id, role: "staff" });
    const res = await getUser(staff.user.id, token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: staff.user.id, email: staff.user.email });

    const byStaff = await getUser(colleague.user.id, staff.token);
    expect(byStaff.status).toBe(404);
    expect(byStaff.body).toEqual({ status: 404, message: MESSAGES.notFound });
    expect((await getUser(admin.id, staff.token)).status).toBe(404);
  });

  it("answers 404 for another agency's user and for ids that are not uuids", async () => {
    const { token } = await createAgency();
    const other = await createAgency();
    const otherStaff = await createUser({ agencyId: other.agency.id, role: "staff" });
    expect((await getUser(other.admin.id, token)).status).toBe(404);
    expect((await getUser(otherStaff.user.id, token)).status).toBe(404);
    expect((await getUser("123", token)).status).toBe(404);
  });

  it("answers 401 without a session", async () => {
    const { admin } = await createAgency();
    expect((await call(GET, { path: `/api/users/${admin.id}`, params: { id: admin.id } })).status).toBe(401);
  });
});

describe("PUT /api/users/{id} mode edit", () => {
  beforeEach(resetDatabase);

  it("updates one's own profile", async () => {
    const { admin, token } = await createAgency();
    const res = await putUser(
      admin.id,
      { mode: "edit", firstName: " Grace ", lastName: "Hopper", phone: "555-123-4567" },
      { token },
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MESSAGES.profileUpdated);
    expect(res.body.user).toMatchObject({
      _id: admin.id,
      firstName: "Grace",
      lastName: "Hopper",
      phone: "555-123-4567",
    });
    expect(await userRow(admin.id)).toMatchObject({ firstName: "Grace", lastName: "Hopper", phone: "555-123-4567" });

    const cleared = await putUser(admin.id, { mode: "edit", firstName: "Grace", lastName: "Hopper" }, { token });
    expect(cleared.status).toBe(200);
    expect((await userRow(admin.id)).phone).toBeNull();
  });

  it("lets an admin edit staff of the agency; staff cannot edit others; other agencies are 404", async () => {
    const { agency, admin, token } = await createAgency();
    const staff = await createUser({ agencyId: agency.id, role: "staff" });
    const other = await createAgency();
    const byAdmin = await putUser(staff.user.id, { mode: "edit", firstName: "Renamed", lastName: "Staff" }, { token });
    expect(byAdmin.status).toBe(200);
    expect((await userRow(staff.user.id)).firstName).toBe("Renamed");

    const byStaff = await putUser(
      admin.id,
      { mode: "edit", firstName: "Hacked", lastName: "Admin" },
      { token: staff.token },
    );
    expect(byStaff.status).toBe(404);
    const foreign = await putUser(other.admin.id, { mode: "edit", firstName: "Hacked", lastName: "Other" }, { token });
    expect(foreign.status).toBe(404);
    expect((await userRow(admin.id)).firstName).toBe(admin.firstName);
    expect((await userRow(other.admin.id)).firstName).toBe(other.admin.firstName);
  });

  it("gives 400 with field errors and writes nothing", async () => {
    const { admin, token } = await createAgency();
    const res = await putUser(
      admin.id,
      { mode: "edit", firstName: "", lastName: "x".repeat(256), phone: "12" },
      { token },
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      firstName: MESSAGES.required,
      lastName: "Last name should be equal or less than 255 characters",
      phone: MESSAGES.invalidPhone,
    });
    expect(await userRow(admin.id)).toMatchObject({
      firstName: admin.firstName,
      lastName: admin.lastName,
      phone: null,
    });
    const noMode = await putUser(admin.id, { firstName: "A", lastName: "B" }, { token });
    expect(noMode.status).toBe(400);
    expect(noMode.body.errors).toHaveProperty("mode");
  });
});

describe("PUT /api/users/{id} mode change-password", () => {
  beforeEach(resetDatabase);
  const NEW_PASSWORD = "Changed1!";

  it("refuses a wrong current password with errors.currentPassword and changes nothing", async () => {
    const { admin, token } = await createAgency();
    const res = await putUser(
      admin.id,
      {
        mode: "change-password",
        currentPassword: "Wrong-pass1!",
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      },
      { token },
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ currentPassword: MESSAGES.currentPasswordWrong });
    expect((await call(currentUser, { path: "/api/users", token })).status).toBe(200);
    expect((await call(login, { body: { email: admin.email, password: PASSWORD } })).status).toBe(200);
  });

  it("refuses a new password equal to the current one, or unconfirmed", async () => {
    const { admin, token } = await createAgency();
    const same = await putUser(
      admin.id,
      { mode: "change-password", currentPassword: PASSWORD, password: PASSWORD, confirmPassword: PASSWORD },
      { token },
    );
    expect(same.status).toBe(400);
    expect(same.body.errors).toEqual({ password: MESSAGES.passwordSameAsPrevious });
    const mismatch = await putUser(
      admin.id,
      { mode: "change-password", currentPassword: PASSWORD, password: NEW_PASSWORD, confirmPassword: "Changed2!" },
      { token },
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors).toEqual({ confirmPassword: MESSAGES.passwordMismatch });
    expect((await userRow(admin.id)).sessionVersion).toBe(admin.sessionVersion);
  });

  it("changes the password, returns a new working token, and refuses the previous token with 401", async () => {
    const { admin, token } = await createAgency();
    const res = await putUser(
      admin.id,
      { mode: "change-password", currentPassword: PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      { token },
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MESSAGES.passwordChanged);
    expect(res.body.token).toEqual(expect.any(String));
    expect(res.body.token).not.toBe(token);
    // A bearer caller gets the token in the body, not a cookie.
    expect(res.headers.get("set-cookie")).toBeNull();

    const old = await call(currentUser, { path: "/api/users", token });
    expect(old.status).toBe(401);
    expect(old.body.message).toBe(MESSAGES.sessionExpired);
    const fresh = await call(currentUser, { path: "/api/users", token: res.body.token });
    expect(fresh.status).toBe(200);
    expect(fresh.body._id).toBe(admin.id);

    expect((await call(login, { body: { email: admin.email, password: PASSWORD } })).status).toBe(401);
    expect((await call(login, { body: { email: admin.email, password: NEW_PASSWORD } })).status).toBe(200);
  });

  it("sets the new session cookie for a cookie caller", async () => {
    const { admin, token } = await createAgency();
    const res = await putUser(
      admin.id,
      { mode: "change-password", currentPassword: PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      { cookieToken: token },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toContain(`next-auth.session-token=${res.body.token}`);
    expect((await call(currentUser, { path: "/api/users", cookieToken: token })).status).toBe(401);
  });

  it("is for oneself only: an admin cannot change a staff member's password", async () => {
    const { agency, token } = await createAgency();
    const staff = await createUser({ agencyId: agency.id, role: "staff" });
    const res = await putUser(
      staff.user.id,
      { mode: "change-password", currentPassword: PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      { token },
    );
    expect(res.status).toBe(404);
    expect((await call(currentUser, { path: "/api/users", token: staff.token })).status).toBe(200);
  });
});
