import { beforeEach, describe, expect, it } from "vitest";
import { call } from "@/test/api";
import { resetDatabase } from "@/test/db";
import { createAgency, createUser } from "@/test/factories";
import { insertClient, insertProject, rename, share } from "@/test/search-fixtures";
import { GET } from "./route";

const search = (token: string, query: string) => call(GET, { path: `/api/searches?${query}`, token });

describe("GET /api/searches", () => {
  beforeEach(resetDatabase);

  it("answers clients, users and properties at once, each with docs and total", async () => {
    const { agency, token } = await createAgency();
    const staff = await createUser({ agencyId: agency.id, role: "staff" });
    await rename(staff.user.id, "Nora", "Northcott", "nora@agency.test");
    const client = await insertClient(agency.id, "Northwind", "https://northwind.example");
    await insertProject(client, "Northwind Shop", "https://shop.northwind.example");
    await insertClient(agency.id, "Southwind");

    const res = await search(token, "q=north");
    expect(res.status).toBe(200);
    expect(res.body.clients).toMatchObject({ total: 1, docs: [{ name: "Northwind" }] });
    expect(res.body.users).toMatchObject({ total: 1, docs: [{ email: "nora@agency.test" }] });
    expect(res.body.properties).toMatchObject({
      total: 1,
      docs: [{ name: "Northwind Shop", clientName: "Northwind" }],
    });

    const wind = await search(token, "q=wind");
    expect(wind.body.clients.docs.map((d: { name: string }) => d.name)).toEqual(["Southwind", "Northwind"]);
  });

  it("scopes every kind: a Viewer sees only shared clients and their projects, never another agency's data", async () => {
    const { agency, token: adminToken } = await createAgency();
    const other = await createAgency();
    const viewer = await createUser({ agencyId: agency.id, role: "staff" });
    const shared = await insertClient(agency.id, "Orion Shared");
    const hidden = await insertClient(agency.id, "Orion Hidden");
    await insertProject(shared, "Orion Shared Site");
    await insertProject(hidden, "Orion Hidden Site");
    const foreign = await insertClient(other.agency.id, "Orion Foreign");
    await insertProject(foreign, "Orion Foreign Site");
    await rename(other.admin.id, "Orion", "Foreigner");
    await share(shared.id, viewer.user.id, 1);

    const asViewer = await search(viewer.token, "q=orion");
    expect(asViewer.body.clients).toMatchObject({ total: 1, docs: [{ name: "Orion Shared" }] });
    expect(asViewer.body.properties).toMatchObject({ total: 1, docs: [{ name: "Orion Shared Site" }] });
    expect(asViewer.body.users.total).toBe(0);

    const asAdmin = await search(adminToken, "q=orion");
    expect(asAdmin.body.clients.total).toBe(2);
    expect(asAdmin.body.properties.total).toBe(2);
    expect(JSON.stringify(asAdmin.body)).not.toMatch(/Foreign/);
  });

  it("answers 400 for a missing or too long q", async () => {
    const { token } = await createAgency();
    const missing = await search(token, "");
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ status: 400, errors: { q: "This field is required" } });
    const long = await search(token, `q=${encodeURIComponent("é".repeat(256))}`);
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual({ q: "Search should be equal or less than 255 characters" });
  });
});
