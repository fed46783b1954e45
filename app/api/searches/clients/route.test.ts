import { beforeEach, describe, expect, it } from "vitest";
import { call } from "@/test/api";
import { resetDatabase } from "@/test/db";
import { createAgency, createUser } from "@/test/factories";
import { insertClient, share } from "@/test/search-fixtures";
import { GET } from "./route";

const search = (token: string, query: string) => call(GET, { path: `/api/searches/clients?${query}`, token });
const names = (res: { body: { docs: { name: string }[] } }) => res.body.docs.map((d) => d.name);

describe("GET /api/searches/clients", () => {
  beforeEach(resetDatabase);

  it("ignores case and accents, in both the text and the query", async () => {
    const { agency, token } = await createAgency();
    await insertClient(agency.id, "Café Lumière");
    await insertClient(agency.id, "Crème Brûlée Ltd");
    await insertClient(agency.id, "Unrelated Plumbing");

    expect(names(await search(token, "q=cafe"))).toEqual(["Café Lumière"]);
    expect(names(await search(token, "q=LUMIERE"))).toEqual(["Café Lumière"]);
    expect(names(await search(token, `q=${encodeURIComponent("CRÈME brulee")}`))).toEqual(["Crème Brûlée Ltd"]);
    expect(names(await search(token, `q=${encodeURIComponent("café")}`))).toEqual(["Café Lumière"]);
  });

  it("finds prefixes and substrings of names and of websites", async () => {
    const { agency, token } = await createAgency();
    await insertClient(agency.id, "Northwind Traders", "https://www.northwind-traders.com");
    await insertClient(agency.id, "Globex", "https://globex.example.org");
    await insertClient(agency.id, "Initech");

    for (const q of ["north", "wind", "NorthWind", "trad"])
      expect(names(await search(token, `q=${q}`))).toEqual(["Northwind Traders"]);
    expect(names(await search(token, "q=example.org"))).toEqual(["Globex"]);
    expect(names(await search(token, "q=nothing-like-this"))).toEqual([]);
  });

  it("falls back to similar words for a typo, only when nothing contains the text", async () => {
    const { agency, token } = await createAgency();
    await insertClient(agency.id, "Northwind Traders");
    await insertClient(agency.id, "Northwnd Ltd");
    expect(names(await search(token, "q=northwnd"))).toEqual(["Northwnd Ltd"]);
    const typo = await search(token, "q=northwid");
    expect(names(typo)).toEqual(["Northwind Traders", "Northwnd Ltd"]);
    expect(typo.body.total).toBe(2);
  });

  it("ranks exact, then prefix, then word start, then substring, then newest first", async () => {
    const { agency, token } = await createAgency();
    await insertClient(agency.id, "Old Acme Rockets"); // word start
    await insertClient(agency.id, "Acme"); // exact
    await insertClient(agency.id, "Pacme Systems"); // substring
    await insertClient(agency.id, "Acme Anvils"); // prefix, older
    await insertClient(agency.id, "New Acme"); // word start, newer
    await insertClient(agency.id, "Acme Explosives"); // prefix, newer
    await insertClient(agency.id, "Other", "https://acme-partners.com"); // website prefix after the scheme: word start

    const res = await search(token, "q=acme");
    expect(res.status).toBe(200);
    expect(names(res)).toEqual([
      "Acme",
      "Acme Explosives",
      "Acme Anvils",
      "Other",
      "New Acme",
      "Old Acme Rockets",
      "Pacme Systems",
    ]);
    expect(res.body.total).toBe(7);
  });

  it("pages 20 at a time by default, with page and limit", async () => {
    const { agency, token } = await createAgency();
    for (let i = 0; i < 25; i++) await insertClient(agency.id, `Zenith ${String(i).padStart(2, "0")}`);

    const first = await search(token, "q=zenith");
    expect(first.body.total).toBe(25);
    expect(first.body.docs).toHaveLength(20);
    expect(first.body.docs[0].name).toBe("Zenith 24");
    const second = await search(token, "q=zenith&page=1");
    expect(names(second)).toEqual(["Zenith 04", "Zenith 03", "Zenith 02", "Zenith 01", "Zenith 00"]);
    const small = await search(token, "q=zenith&page=2&limit=10");
    expect(small.body.docs).toHaveLength(5);
    expect(small.body.total).toBe(25);
  });

  it("shows a Viewer only the clients shared with them, with their level, and never another agency's", async () => {
    const { agency, token: adminToken } = await createAgency();
    const other = await createAgency();
    const viewer = await createUser({ agencyId: agency.id, role: "staff" });
    const shared = await insertClient(agency.id, "Harbor Shared");
    await insertClient(agency.id, "Harbor Private");
    await insertClient(other.agency.id, "Harbor Foreign");
    await share(shared.id, viewer.user.id, 1);

    const asViewer = await search(viewer.token, "q=harbor");
    expect(names(asViewer)).toEqual(["Harbor Shared"]);
    expect(asViewer.body.total).toBe(1);
    expect(asViewer.body.docs[0]).toMatchObject({ _id: shared.id, permission: 1, status: "active" });
    expect(asViewer.body.docs[0].actions).not.toContain("client:edit");

    const asAdmin = await search(adminToken, "q=harbor");
    expect(names(asAdmin).sort()).toEqual(["Harbor Private", "Harbor Shared"]);
    expect(JSON.stringify((await search(other.token, "q=harbor")).body)).not.toContain("Harbor Shared");
  });

  it("answers 400 for an empty, blank, missing or too long q, and 401 without a session", async () => {
    const { token } = await createAgency();
    for (const query of ["", "q=", "q=%20%20"]) {
      const res = await search(token, query);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ q: "This field is required" });
    }
    const long = await search(token, `q=${"a".repeat(256)}`);
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual({ q: "Search should be equal or less than 255 characters" });
    expect((await search(token, `q=${"a".repeat(255)}`)).status).toBe(200);
    expect((await call(GET, { path: "/api/searches/clients?q=acme" })).status).toBe(401);
  });

  it("treats % and _ as plain characters", async () => {
    const { agency, token } = await createAgency();
    await insertClient(agency.id, "100% Organic");
    await insertClient(agency.id, "1000 Organic");
    await insertClient(agency.id, "Fresh Organic");
    expect(names(await search(token, "q=%25"))).toEqual(["100% Organic"]);
    expect(names(await search(token, "q=_"))).toEqual([]);
    // "1000 Organic" is only similar (a typo away): not shown while a row contains the text itself.
    expect(names(await search(token, "q=100%25"))).toEqual(["100% Organic"]);
  });
});
