import { beforeEach, describe, expect, it } from "vitest";
import { call } from "@/test/api";
import { resetDatabase } from "@/test/db";
import { createAgency, createUser } from "@/test/factories";
import { insertClient, rename, share } from "@/test/search-fixtures";
import { GET } from "./route";

const search = (token: string, query: string) => call(GET, { path: `/api/searches/users?${query}`, token });
const emails = (res: { body: { docs: { email: string }[] } }) => res.body.docs.map((d) => d.email).sort();

describe("GET /api/searches/users", () => {
  beforeEach(resetDatabase);

  it("matches names and emails regardless of case and accents, and shows no secrets", async () => {
    const { agency, token } = await createAgency();
    const staff = await createUser({ agencyId: agency.id, role: "staff" });
    await rename(staff.user.id, "Zoë", "Müller-Lefèvre", "zoe.mueller@studio-example.com");

    for (const q of ["zoe", "ZOË", "muller", "lefevre", "zoe muller", "studio-example", "ZOE.MUELLER"]) {
      const res = await search(token, `q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
      expect(emails(res), q).toEqual(["zoe.mueller@studio-example.com"]);
    }
    const [doc] = (await search(token, "q=zoe")).body.docs;
    expect(doc).toMatchObject({ _id: staff.user.id, firstName: "Zoë", lastName: "Müller-Lefèvre", role: "staff" });
    expect(doc).not.toHaveProperty("passwordHash");
    expect(doc).not.toHaveProperty("sessionVersion");
  });

  it("ranks an exact email first, then newest", async () => {
    const { agency, token } = await createAgency();
    const a = await createUser({ agencyId: agency.id, role: "staff" });
    const b = await createUser({ agencyId: agency.id, role: "staff" });
    await rename(a.user.id, "Sam", "Exact", "sam@rank.test");
    await rename(b.user.id, "Sam", "Newer", "old.sam@rank.test");
    const res = await search(token, "q=sam@rank.test");
    expect(res.body.docs.map((d: { email: string }) => d.email)).toEqual(["sam@rank.test", "old.sam@rank.test"]);
  });

  it("shows admins every user of their agency and staff only themselves and who shares a client with them", async () => {
    const { agency, admin, token: adminToken } = await createAgency();
    const other = await createAgency();
    const viewer = await createUser({ agencyId: agency.id, role: "staff" });
    const colleague = await createUser({ agencyId: agency.id, role: "staff" });
    const stranger = await createUser({ agencyId: agency.id, role: "staff" });
    const foreign = await createUser({ agencyId: other.agency.id, role: "staff" });
    await rename(admin.id, "Kim", "Boss", "kim.boss@team.test");
    await rename(viewer.user.id, "Kim", "Viewer", "kim.viewer@team.test");
    await rename(colleague.user.id, "Kim", "Colleague", "kim.colleague@team.test");
    await rename(stranger.user.id, "Kim", "Stranger", "kim.stranger@team.test");
    await rename(foreign.user.id, "Kim", "Foreign", "kim.foreign@team.test");
    const client = await insertClient(agency.id, "Shared Co");
    const otherClient = await insertClient(agency.id, "Not Shared Co");
    await share(client.id, viewer.user.id, 1);
    await share(client.id, colleague.user.id, 4);
    await share(otherClient.id, stranger.user.id, 4);

    const asAdmin = await search(adminToken, "q=kim");
    expect(emails(asAdmin)).toEqual([
      "kim.boss@team.test",
      "kim.colleague@team.test",
      "kim.stranger@team.test",
      "kim.viewer@team.test",
    ]);
    expect(asAdmin.body.total).toBe(4);

    const asViewer = await search(viewer.token, "q=kim");
    expect(emails(asViewer)).toEqual(["kim.colleague@team.test", "kim.viewer@team.test"]);
    expect(asViewer.body.total).toBe(2);

    const asForeign = await search(foreign.token, "q=kim");
    expect(emails(asForeign)).toEqual(["kim.foreign@team.test"]);
  });

  it("answers 400 without q", async () => {
    const { token } = await createAgency();
    const res = await search(token, "page=0");
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ q: "This field is required" });
  });
});
