import { beforeEach, describe, expect, it } from "vitest";
import { MESSAGES, WORKSPACE_MESSAGES } from "@/lib/constants/messages";
import * as clientRoute from "@/app/api/clients/[id]/route";
import * as clientStaffRoute from "@/app/api/clients/[id]/staffs/[staffId]/route";
import * as staffsAddRoute from "@/app/api/clients/[id]/staffs/add/route";
import * as clientStaffsRoute from "@/app/api/clients/[id]/staffs/route";
import * as agencyStaffsRoute from "@/app/api/agencies/[id]/staffs/route";
import * as userClientsRoute from "@/app/api/users/[id]/clients/route";
import * as userPermissionsRoute from "@/app/api/users/[id]/permissions/update/route";
import * as userRoleRoute from "@/app/api/users/[id]/role/route";
import * as userRoute from "@/app/api/users/[id]/route";
import { call } from "@/test/api";
import { resetDatabase } from "@/test/db";
import { createAgency, createUser, tokenFor } from "@/test/factories";
import { countShares, findUser, insertClient, share, shareLevel, sharesOf } from "@/test/workspace";

const NOT_IN_AGENCY = "The email does not exist in the agency";

async function world() {
  const main = await createAgency();
  const other = await createAgency();
  const client = await insertClient(main.agency.id, { name: "Acme" });
  const staff = await createUser({ agencyId: main.agency.id, role: "staff", email: "staff.member@example.com" });
  const otherStaff = await createUser({ agencyId: other.agency.id, role: "staff" });
  const shareWith = (body: unknown, token = main.token, clientId = client.id) =>
    call(staffsAddRoute.POST, { token, params: { id: clientId }, body });
  return { main, other, client, staff, otherStaff, shareWith };
}

describe("sharing a client (POST /api/clients/{id}/staffs/add)", () => {
  beforeEach(resetDatabase);

  it("shares by email at a level (201), case-insensitively, and the staff member gets that level's access", async () => {
    const { client, staff, shareWith } = await world();
    const res = await shareWith({ email: "Staff.Member@Example.com", permission: 1 });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(WORKSPACE_MESSAGES.clientShared);
    expect(res.body.staff).toMatchObject({ _id: staff.user.id, email: staff.user.email, permission: 1 });
    expect(res.body.staff.passwordHash).toBeUndefined();
    expect(await shareLevel(client.id, staff.user.id)).toBe(1);

    // Viewer: may look, may not edit.
    expect((await call(clientRoute.GET, { token: staff.token, params: { id: client.id } })).body.permission).toBe(1);
    expect(
      (
        await call(clientRoute.PUT, {
          method: "PUT",
          token: staff.token,
          params: { id: client.id },
          body: { name: "X" },
        })
      ).status,
    ).toBe(403);

    // Sharing again changes the level (no duplicate row).
    expect((await shareWith({ email: staff.user.email, permission: 2 })).status).toBe(201);
    expect(await countShares(client.id)).toBe(1);
    expect(
      (
        await call(clientRoute.PUT, {
          method: "PUT",
          token: staff.token,
          params: { id: client.id },
          body: { name: "X" },
        })
      ).status,
    ).toBe(200);
  });

  it("refuses an unknown email or another agency's email with 400 and the spec's message, writing nothing", async () => {
    const { otherStaff, other, shareWith } = await world();
    for (const email of ["nobody@example.com", otherStaff.user.email, other.admin.email]) {
      const res = await shareWith({ email, permission: 2 });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(NOT_IN_AGENCY);
      expect(res.body.errors).toEqual({ email: NOT_IN_AGENCY });
    }
    expect(await countShares()).toBe(0);
  });

  it("refuses an agency admin's email, a bad level and a bad email with 400", async () => {
    const { main, shareWith } = await world();
    const secondAdmin = await createUser({ agencyId: main.agency.id, role: "agency" });
    const admin = await shareWith({ email: secondAdmin.user.email, permission: 4 });
    expect(admin.status).toBe(400);
    expect(admin.body.errors.email).toBe(WORKSPACE_MESSAGES.adminAlreadyHasAccess);
    const level = await shareWith({ email: "staff.member@example.com", permission: 3 });
    expect(level.status).toBe(400);
    expect(level.body.errors.permission).toBeTruthy();
    const email = await shareWith({ email: "not-an-email", permission: 1 });
    expect(email.status).toBe(400);
    expect(email.body.errors.email).toBe(MESSAGES.invalidEmail);
    expect(await countShares()).toBe(0);
  });

  it("Viewers and Data Creators cannot share (403); a Client Admin can share and change levels, but not their own", async () => {
    const { main, client, staff, shareWith } = await world();
    const viewer = await createUser({ agencyId: main.agency.id, role: "staff" });
    const creator = await createUser({ agencyId: main.agency.id, role: "staff" });
    const clientAdmin = await createUser({ agencyId: main.agency.id, role: "staff" });
    await share(client.id, viewer.user.id, 1);
    await share(client.id, creator.user.id, 2);
    await share(client.id, clientAdmin.user.id, 4);

    for (const who of [viewer, creator]) {
      const res = await shareWith({ email: staff.user.email, permission: 1 }, who.token);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(MESSAGES.forbidden);
    }
    expect(await shareLevel(client.id, staff.user.id)).toBeNull();

    expect((await shareWith({ email: staff.user.email, permission: 1 }, clientAdmin.token)).status).toBe(201);
    const raise = await call(clientStaffRoute.PUT, {
      method: "PUT",
      token: clientAdmin.token,
      params: { id: client.id, staffId: staff.user.id },
      body: { permission: 2 },
    });
    expect(raise.status).toBe(200);
    expect(raise.body).toMatchObject({ _id: staff.user.id, permission: 2 });
    expect(await shareLevel(client.id, staff.user.id)).toBe(2);

    const own = await call(clientStaffRoute.PUT, {
      method: "PUT",
      token: clientAdmin.token,
      params: { id: client.id, staffId: clientAdmin.user.id },
      body: { permission: 1 },
    });
    expect(own.status).toBe(400);
    expect(own.body.message).toBe(WORKSPACE_MESSAGES.cannotChangeOwnAccess);
    expect(await shareLevel(client.id, clientAdmin.user.id)).toBe(4);
    // Sharing to oneself is the same change.
    expect((await shareWith({ email: clientAdmin.user.email, permission: 1 }, clientAdmin.token)).status).toBe(400);
    expect(await shareLevel(client.id, clientAdmin.user.id)).toBe(4);
  });

  it("cannot share another agency's client (404)", async () => {
    const { other, staff, shareWith } = await world();
    const foreign = await insertClient(other.agency.id);
    const res = await shareWith({ email: staff.user.email, permission: 1 }, undefined, foreign.id);
    expect(res.status).toBe(404);
    expect(await countShares()).toBe(0);
  });
});

describe("the staff-client permission (GET/PUT/DELETE /api/clients/{id}/staffs/{staffId})", () => {
  beforeEach(resetDatabase);

  it("reads, changes and removes one share; the staff list shows it", async () => {
    const { main, client, staff } = await world();
    await share(client.id, staff.user.id, 1);
    const params = { id: client.id, staffId: staff.user.id };

    const got = await call(clientStaffRoute.GET, { token: main.token, params });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ _id: staff.user.id, email: staff.user.email, permission: 1 });

    const list = await call(clientStaffsRoute.GET, { token: main.token, params: { id: client.id } });
    expect(list.body).toMatchObject({ total: 1, docs: [{ _id: staff.user.id, permission: 1 }] });

    const put = await call(clientStaffRoute.PUT, { method: "PUT", token: main.token, params, body: { permission: 4 } });
    expect(put.status).toBe(200);
    expect(put.body.permission).toBe(4);
    expect(await shareLevel(client.id, staff.user.id)).toBe(4);
    const bad = await call(clientStaffRoute.PUT, { method: "PUT", token: main.token, params, body: { permission: 5 } });
    expect(bad.status).toBe(400);
    expect(await shareLevel(client.id, staff.user.id)).toBe(4);

    const del = await call(clientStaffRoute.DELETE, { method: "DELETE", token: main.token, params });
    expect(del.status).toBe(200);
    expect(await shareLevel(client.id, staff.user.id)).toBeNull();
    // The client no longer exists for them.
    expect((await call(clientRoute.GET, { token: staff.token, params: { id: client.id } })).status).toBe(404);
    // Nothing left to read, change or remove.
    expect((await call(clientStaffRoute.GET, { token: main.token, params })).status).toBe(404);
    expect(
      (await call(clientStaffRoute.PUT, { method: "PUT", token: main.token, params, body: { permission: 1 } })).status,
    ).toBe(404);
    expect((await call(clientStaffRoute.DELETE, { method: "DELETE", token: main.token, params })).status).toBe(404);
    expect(await shareLevel(client.id, staff.user.id)).toBeNull();
  });
});

describe("GET /api/users/{id}/clients", () => {
  beforeEach(resetDatabase);

  it("lists a staff member's shared clients with their level: to admins, and to the staff member themselves only", async () => {
    const { main, other, client, staff, otherStaff } = await world();
    const second = await insertClient(main.agency.id, { name: "Beta" });
    await insertClient(main.agency.id, { name: "Not shared" });
    await share(client.id, staff.user.id, 4);
    await share(second.id, staff.user.id, 1);

    const res = await call(userClientsRoute.GET, { token: main.token, params: { id: staff.user.id } });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(
      Object.fromEntries(res.body.docs.map((d: { name: string; permission: number }) => [d.name, d.permission])),
    ).toEqual({ Acme: 4, Beta: 1 });

    const own = await call(userClientsRoute.GET, { token: staff.token, params: { id: staff.user.id } });
    expect(own.status).toBe(200);
    expect(own.body.total).toBe(2);

    const colleague = await createUser({ agencyId: main.agency.id, role: "staff" });
    expect((await call(userClientsRoute.GET, { token: colleague.token, params: { id: staff.user.id } })).status).toBe(
      404,
    );
    expect((await call(userClientsRoute.GET, { token: other.token, params: { id: staff.user.id } })).status).toBe(404);
    expect((await call(userClientsRoute.GET, { token: main.token, params: { id: otherStaff.user.id } })).status).toBe(
      404,
    );
  });
});

describe("POST /api/users/{id}/permissions/update", () => {
  beforeEach(resetDatabase);

  it("sets and removes levels on several clients at once", async () => {
    const { main, client, staff } = await world();
    const second = await insertClient(main.agency.id);
    const third = await insertClient(main.agency.id);
    await share(third.id, staff.user.id, 2);
    const res = await call(userPermissionsRoute.POST, {
      token: main.token,
      params: { id: staff.user.id },
      body: {
        permissions: [
          { clientId: client.id, permission: 4 },
          { clientId: second.id, permission: 1 },
          { clientId: third.id, permission: null },
        ],
      },
    });
    expect(res.status).toBe(200);
    const expected = [
      { clientId: client.id, permission: 4 },
      { clientId: second.id, permission: 1 },
    ];
    const byClient = (a: { clientId: string }, b: { clientId: string }) => a.clientId.localeCompare(b.clientId);
    expect([...res.body.permissions].sort(byClient)).toEqual([...expected].sort(byClient));
    expect((await sharesOf(staff.user.id)).sort(byClient)).toEqual([...expected].sort(byClient));
  });

  it("is all or nothing: an unknown or another agency's client id gives 404 and changes nothing", async () => {
    const { main, other, client, staff } = await world();
    await share(client.id, staff.user.id, 1);
    const foreign = await insertClient(other.agency.id);
    for (const badId of [foreign.id, "00000000-0000-4000-8000-000000000000"]) {
      const res = await call(userPermissionsRoute.POST, {
        token: main.token,
        params: { id: staff.user.id },
        body: {
          permissions: [
            { clientId: client.id, permission: 4 },
            { clientId: badId, permission: 2 },
          ],
        },
      });
      expect(res.status).toBe(404);
    }
    expect(await sharesOf(staff.user.id)).toEqual([{ clientId: client.id, permission: 1 }]);
    expect(await countShares(foreign.id)).toBe(0);
  });

  it("refuses an agency admin (400), a bad level (400), and staff callers (403)", async () => {
    const { main, client, staff } = await world();
    const admin2 = await createUser({ agencyId: main.agency.id, role: "agency" });
    const toAdmin = await call(userPermissionsRoute.POST, {
      token: main.token,
      params: { id: admin2.user.id },
      body: { permissions: [{ clientId: client.id, permission: 1 }] },
    });
    expect(toAdmin.status).toBe(400);
    const badLevel = await call(userPermissionsRoute.POST, {
      token: main.token,
      params: { id: staff.user.id },
      body: { permissions: [{ clientId: client.id, permission: 3 }] },
    });
    expect(badLevel.status).toBe(400);
    const empty = await call(userPermissionsRoute.POST, {
      token: main.token,
      params: { id: staff.user.id },
      body: { permissions: [] },
    });
    expect(empty.status).toBe(400);
    await share(client.id, staff.user.id, 4);
    const self = await call(userPermissionsRoute.POST, {
      token: staff.token,
      params: { id: staff.user.id },
      body: { permissions: [{ clientId: client.id, permission: 4 }] },
    });
    expect(self.status).toBe(403);
    expect(await countShares()).toBe(1);
  });
});

describe("removing a staff member (DELETE /api/users/{id})", () => {
  beforeEach(resetDatabase);

  it("ends their sessions at once and removes their shares", async () => {
    const { main, client, staff } = await world();
    await share(client.id, staff.user.id, 4);
    expect((await call(clientRoute.GET, { token: staff.token, params: { id: client.id } })).status).toBe(200);

    const res = await call(userRoute.DELETE, { method: "DELETE", token: main.token, params: { id: staff.user.id } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(WORKSPACE_MESSAGES.staffRemoved);

    const after = await call(clientRoute.GET, { token: staff.token, params: { id: client.id } });
    expect(after.status).toBe(401);
    expect(after.body.message).toBe(MESSAGES.sessionExpired);
    expect((await call(userClientsRoute.GET, { token: staff.token, params: { id: staff.user.id } })).status).toBe(401);
    expect(await findUser(staff.user.id)).toBeUndefined();
    expect(await countShares(client.id)).toBe(0);
    const list = await call(agencyStaffsRoute.GET, { token: main.token, params: { id: main.agency.id } });
    expect(list.body.total).toBe(0);
  });

  it("does not remove an admin, oneself, another agency's staff, or let staff remove anyone", async () => {
    const { main, staff, otherStaff } = await world();
    const admin2 = await createUser({ agencyId: main.agency.id, role: "agency" });
    const colleague = await createUser({ agencyId: main.agency.id, role: "staff" });
    expect(
      (await call(userRoute.DELETE, { method: "DELETE", token: main.token, params: { id: admin2.user.id } })).status,
    ).toBe(404);
    expect(
      (await call(userRoute.DELETE, { method: "DELETE", token: main.token, params: { id: main.admin.id } })).status,
    ).toBe(400);
    expect(
      (await call(userRoute.DELETE, { method: "DELETE", token: main.token, params: { id: otherStaff.user.id } }))
        .status,
    ).toBe(404);
    expect(
      (await call(userRoute.DELETE, { method: "DELETE", token: staff.token, params: { id: colleague.user.id } }))
        .status,
    ).toBe(403);
    for (const id of [admin2.user.id, main.admin.id, otherStaff.user.id, colleague.user.id])
      expect(await findUser(id)).toBeDefined();
  });
});

describe("changing a role (PUT /api/users/{id}/role)", () => {
  beforeEach(resetDatabase);

  it("promotes staff to admin (their old session ends; a new one has admin rights) and back", async () => {
    const { main, client, staff } = await world();
    const promote = await call(userRoleRoute.PUT, {
      method: "PUT",
      token: main.token,
      params: { id: staff.user.id },
      body: { role: "agency" },
    });
    expect(promote.status).toBe(200);
    expect(promote.body.role).toBe("agency");
    expect((await call(clientRoute.GET, { token: staff.token, params: { id: client.id } })).status).toBe(401);
    const fresh = await tokenFor(staff.user.id);
    expect((await call(clientRoute.GET, { token: fresh, params: { id: client.id } })).status).toBe(200);

    const demote = await call(userRoleRoute.PUT, {
      method: "PUT",
      token: main.token,
      params: { id: staff.user.id },
      body: { role: "staff" },
    });
    expect(demote.status).toBe(200);
    expect((await findUser(staff.user.id)).role).toBe("staff");
    expect(
      (await call(clientRoute.GET, { token: await tokenFor(staff.user.id), params: { id: client.id } })).status,
    ).toBe(404);
  });

  it("keeps at least one admin: demoting the last admin is 400", async () => {
    const { main } = await world();
    const res = await call(userRoleRoute.PUT, {
      method: "PUT",
      token: main.token,
      params: { id: main.admin.id },
      body: { role: "staff" },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(WORKSPACE_MESSAGES.lastAdmin);
    expect((await findUser(main.admin.id)).role).toBe("agency");

    // With a second admin, one may step down; then the remaining one is the last again.
    const admin2 = await createUser({ agencyId: main.agency.id, role: "agency" });
    expect(
      (
        await call(userRoleRoute.PUT, {
          method: "PUT",
          token: main.token,
          params: { id: main.admin.id },
          body: { role: "staff" },
        })
      ).status,
    ).toBe(200);
    const last = await call(userRoleRoute.PUT, {
      method: "PUT",
      token: admin2.token,
      params: { id: admin2.user.id },
      body: { role: "staff" },
    });
    expect(last.status).toBe(400);
    expect((await findUser(admin2.user.id)).role).toBe("agency");
  });

  it("two admins demoting each other at once leave one admin", async () => {
    // A race: repeated on fresh agencies so a missing lock shows up reliably.
    for (let round = 0; round < 5; round++) {
      const main = await createAgency();
      const admin2 = await createUser({ agencyId: main.agency.id, role: "agency" });
      const answers = await Promise.all([
        call(userRoleRoute.PUT, {
          method: "PUT",
          token: main.token,
          params: { id: admin2.user.id },
          body: { role: "staff" },
        }),
        call(userRoleRoute.PUT, {
          method: "PUT",
          token: admin2.token,
          params: { id: main.admin.id },
          body: { role: "staff" },
        }),
      ]);
      const roles = [(await findUser(main.admin.id)).role, (await findUser(admin2.user.id)).role];
      expect(roles.filter((r) => r === "agency")).toHaveLength(1);
      // The loser is refused as the last admin (400), or, when the winner demoted them before their
      // request was read, their session is already over (401).
      const [won, lost] = answers.map((a) => a.status).sort();
      expect(won).toBe(200);
      expect([400, 401]).toContain(lost);
    }
  });

  it("refuses another agency's user (404), a bad role (400) and staff callers (403)", async () => {
    const { main, staff, otherStaff } = await world();
    expect(
      (
        await call(userRoleRoute.PUT, {
          method: "PUT",
          token: main.token,
          params: { id: otherStaff.user.id },
          body: { role: "agency" },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(userRoleRoute.PUT, {
          method: "PUT",
          token: main.token,
          params: { id: staff.user.id },
          body: { role: "owner" },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(userRoleRoute.PUT, {
          method: "PUT",
          token: staff.token,
          params: { id: staff.user.id },
          body: { role: "agency" },
        })
      ).status,
    ).toBe(403);
    expect((await findUser(otherStaff.user.id)).role).toBe("staff");
    expect((await findUser(staff.user.id)).role).toBe("staff");
  });
});
