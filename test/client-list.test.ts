import { beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "@/lib/constants/messages";
import * as agencyClientsRoute from "@/app/api/agencies/[id]/clients/route";
import * as clientPropertiesRoute from "@/app/api/clients/[id]/properties/route";
import * as clientsRoute from "@/app/api/clients/route";
import { call } from "@/test/api";
import { resetDatabase } from "@/test/db";
import { createAgency, createUser } from "@/test/factories";
import { insertClient, insertProject, share } from "@/test/workspace";

interface Entry {
  _id: string;
  name: string;
  permission: number | null;
  projects: { _id: string; name: string; clientId: string; label: string }[];
}

describe("GET /api/agencies/{id}/clients", () => {
  beforeEach(resetDatabase);

  it("pages 20 clients at a time, newest first, each with its projects", async () => {
    const { agency, token } = await createAgency();
    const start = Date.UTC(2024, 0, 1);
    const made = [];
    for (let i = 0; i < 25; i++)
      made.push(
        await insertClient(agency.id, {
          name: `Client ${String(i).padStart(2, "0")}`,
          createdAt: new Date(start + i * 60_000),
        }),
      );
    const newest = made[24];
    const p1 = await insertProject(newest, { name: "Newest shop" });
    const p2 = await insertProject(newest, { name: "Newest blog", status: "suspended" });
    await insertProject(made[0], { name: "Oldest shop" });

    const page0 = await call(agencyClientsRoute.GET, {
      token,
      params: { id: agency.id },
      path: `/api/agencies/${agency.id}/clients`,
    });
    expect(page0.status).toBe(200);
    expect(page0.body.total).toBe(25);
    const docs0: Entry[] = page0.body.docs;
    expect(docs0.map((d) => d.name)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Client ${String(24 - i).padStart(2, "0")}`),
    );
    expect(docs0[0].projects.map((p) => p._id).sort()).toEqual([p1.id, p2.id].sort());
    expect(docs0[0].projects.every((p) => p.clientId === newest.id && p.label === "Performance Report")).toBe(true);
    expect(docs0[1].projects).toEqual([]);
    expect(docs0[0].permission).toBeNull();

    const page1 = await call(agencyClientsRoute.GET, {
      token,
      params: { id: agency.id },
      path: `/api/agencies/${agency.id}/clients?page=1`,
    });
    const docs1: Entry[] = page1.body.docs;
    expect(page1.body.total).toBe(25);
    expect(docs1.map((d) => d.name)).toEqual(["Client 04", "Client 03", "Client 02", "Client 01", "Client 00"]);
    expect(docs1[4].projects.map((p) => p.name)).toEqual(["Oldest shop"]);

    const small = await call(agencyClientsRoute.GET, {
      token,
      params: { id: agency.id },
      path: `/api/agencies/${agency.id}/clients?page=2&limit=10`,
    });
    expect(small.body.docs.map((d: Entry) => d.name)).toEqual([
      "Client 04",
      "Client 03",
      "Client 02",
      "Client 01",
      "Client 00",
    ]);
    const bad = await call(agencyClientsRoute.GET, {
      token,
      params: { id: agency.id },
      path: `/api/agencies/${agency.id}/clients?limit=1000`,
    });
    expect(bad.status).toBe(400);
  });

  it("puts a client made through the API first", async () => {
    const { agency, token } = await createAgency();
    await insertClient(agency.id, { name: "Old", createdAt: new Date(Date.UTC(2020, 0, 1)) });
    const created = await call(clientsRoute.POST, {
      token,
      body: { name: "Fresh", website: "https://fresh.example.com", industry: "Travel & Transportation", country: "FR" },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Fresh", country: "FR", status: "active", projects: [] });
    const list = await call(agencyClientsRoute.GET, { token, params: { id: agency.id } });
    expect(list.body.docs.map((d: Entry) => d.name)).toEqual(["Fresh", "Old"]);
  });

  it("shows a staff member only the clients shared with them, with their level", async () => {
    const { agency, token } = await createAgency();
    const staff = await createUser({ agencyId: agency.id, role: "staff" });
    const shared = await insertClient(agency.id, { name: "Shared", createdAt: new Date(Date.UTC(2024, 0, 2)) });
    const alsoShared = await insertClient(agency.id, {
      name: "Also shared",
      createdAt: new Date(Date.UTC(2024, 0, 1)),
    });
    await insertClient(agency.id, { name: "Hidden" });
    await insertProject(shared, { name: "Shared project" });
    await share(shared.id, staff.user.id, 1);
    await share(alsoShared.id, staff.user.id, 4);

    const res = await call(agencyClientsRoute.GET, { token: staff.token, params: { id: agency.id } });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.docs.map((d: Entry) => [d.name, d.permission])).toEqual([
      ["Shared", 1],
      ["Also shared", 4],
    ]);
    expect(res.body.docs[0].projects.map((p: { name: string }) => p.name)).toEqual(["Shared project"]);

    const admin = await call(agencyClientsRoute.GET, { token, params: { id: agency.id } });
    expect(admin.body.total).toBe(3);

    const nobody = await createUser({ agencyId: agency.id, role: "staff" });
    const empty = await call(agencyClientsRoute.GET, { token: nobody.token, params: { id: agency.id } });
    expect(empty.body).toEqual({ docs: [], total: 0 });
  });

  it("answers 404 for another agency's id or a malformed id, and 401 without a session", async () => {
    const { agency, token } = await createAgency();
    const other = await createAgency();
    await insertClient(other.agency.id, { name: "Theirs" });
    const foreign = await call(agencyClientsRoute.GET, { token, params: { id: other.agency.id } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(MESSAGES.notFound);
    expect((await call(agencyClientsRoute.GET, { token, params: { id: "not-a-uuid" } })).status).toBe(404);
    expect((await call(agencyClientsRoute.GET, { params: { id: agency.id } })).status).toBe(401);
  });
});

describe("GET /api/clients/{id}/properties", () => {
  beforeEach(resetDatabase);

  it("lists the client's projects, newest first, and nothing of other clients", async () => {
    const { agency, token } = await createAgency();
    const client = await insertClient(agency.id);
    const otherClient = await insertClient(agency.id);
    const first = await insertProject(client, { name: "First" });
    const second = await insertProject(client, { name: "Second" });
    await insertProject(otherClient, { name: "Elsewhere" });
    const res = await call(clientPropertiesRoute.GET, { token, params: { id: client.id } });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.docs.map((p: { _id: string }) => p._id)).toEqual([second.id, first.id]);
  });
});
