import { beforeEach, describe, expect, it } from "vitest";
import { call } from "@/test/api";
import { resetDatabase } from "@/test/db";
import { createAgency, createUser } from "@/test/factories";
import { insertClient, insertProject, share } from "@/test/search-fixtures";
import { GET } from "./route";

const search = (token: string, query: string) => call(GET, { path: `/api/searches/properties?${query}`, token });
const names = (res: { body: { docs: { name: string }[] } }) => res.body.docs.map((d) => d.name);

describe("GET /api/searches/properties", () => {
  beforeEach(resetDatabase);

  it("matches project names and URLs, accent- and case-insensitively, with the client's name", async () => {
    const { agency, token } = await createAgency();
    const client = await insertClient(agency.id, "Pâtisserie Dupont");
    const shop = await insertProject(client, "Boutique Été", "https://shop.patisserie-dupont.fr");
    await insertProject(client, "Blog", "https://blog.example.com");

    expect(names(await search(token, "q=ete"))).toEqual(["Boutique Été"]);
    expect(names(await search(token, "q=BOUTIQUE"))).toEqual(["Boutique Été"]);
    expect(names(await search(token, "q=dupont.fr"))).toEqual(["Boutique Été"]);
    const res = await search(token, "q=tique");
    expect(res.body).toMatchObject({
      total: 1,
      docs: [
        {
          _id: shop.id,
          clientId: client.id,
          clientName: "Pâtisserie Dupont",
          label: "Performance Report",
          url: "https://shop.patisserie-dupont.fr",
        },
      ],
    });
  });

  it("ranks a prefix before a substring, then newest first, and pages", async () => {
    const { agency, token } = await createAgency();
    const client = await insertClient(agency.id, "Client");
    await insertProject(client, "Store Alpha");
    await insertProject(client, "Main Storefront");
    await insertProject(client, "Store Beta");
    await insertProject(client, "Restore");

    expect(names(await search(token, "q=store"))).toEqual(["Store Beta", "Store Alpha", "Main Storefront", "Restore"]);
    const page = await search(token, "q=store&page=1&limit=3");
    expect(page.body).toMatchObject({ total: 4 });
    expect(names(page)).toEqual(["Restore"]);
  });

  it("shows a Viewer only the projects of clients shared with them; never another agency's", async () => {
    const { agency, token: adminToken } = await createAgency();
    const other = await createAgency();
    const viewer = await createUser({ agencyId: agency.id, role: "staff" });
    const shared = await insertClient(agency.id, "Shared");
    const hidden = await insertClient(agency.id, "Hidden");
    const foreign = await insertClient(other.agency.id, "Foreign");
    await insertProject(shared, "Quartz Shared Report");
    await insertProject(hidden, "Quartz Hidden Report");
    await insertProject(foreign, "Quartz Foreign Report");
    await share(shared.id, viewer.user.id, 1);

    expect(names(await search(viewer.token, "q=quartz"))).toEqual(["Quartz Shared Report"]);
    expect(names(await search(adminToken, "q=quartz")).sort()).toEqual([
      "Quartz Hidden Report",
      "Quartz Shared Report",
    ]);
    expect(names(await search(other.token, "q=quartz"))).toEqual(["Quartz Foreign Report"]);
  });
});
