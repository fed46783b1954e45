import { beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_PROJECT_LIMIT } from "@/lib/constants/app";
import { MESSAGES } from "@/lib/constants/messages";
import * as agencyRoute from "@/app/api/agencies/[id]/route";
import * as addProjectRoute from "@/app/api/clients/[id]/properties/add/route";
import * as propertyRoute from "@/app/api/properties/[id]/route";
import { call } from "@/test/api";
import { resetDatabase } from "@/test/db";
import { createAgency, createUser } from "@/test/factories";
import {
  countProjects,
  findProject,
  insertClient,
  insertProject,
  projectBody,
  setProjectLimit,
  share,
} from "@/test/workspace";

const LIMIT_MESSAGE = "Your plan allows 5 active projects and that limit is reached. Plan changes go through support.";

async function world() {
  const { agency, admin, token } = await createAgency();
  const clientA = await insertClient(agency.id, { name: "Client A" });
  const clientB = await insertClient(agency.id, { name: "Client B" });
  const create = (clientId: string, name = "Project", as = token) =>
    call(addProjectRoute.POST, { token: as, params: { id: clientId }, body: projectBody(name) });
  return { agency, admin, token, clientA, clientB, create };
}

describe("the plan's active-project limit", () => {
  beforeEach(resetDatabase);

  it("defaults to 5, warns near the limit, refuses the 6th creation with the spec's message and writes nothing", async () => {
    const { agency, clientA, clientB, create } = await world();
    expect(DEFAULT_PROJECT_LIMIT).toBe(5);
    expect(MESSAGES.projectLimitReached(5)).toBe(LIMIT_MESSAGE);

    // Projects on different clients count together: the limit is the agency's.
    const seen = [];
    for (let i = 1; i <= 5; i++) {
      const res = await create(i % 2 ? clientA.id : clientB.id, `P${i}`);
      expect(res.status).toBe(201);
      seen.push(res.body.usage);
    }
    expect(seen[2]).toEqual({ active: 3, limit: 5, remaining: 2, nearLimit: false, atLimit: false });
    expect(seen[3]).toEqual({ active: 4, limit: 5, remaining: 1, nearLimit: true, atLimit: false });
    expect(seen[4]).toEqual({ active: 5, limit: 5, remaining: 0, nearLimit: true, atLimit: true });

    const sixth = await create(clientA.id, "P6");
    expect(sixth.status).toBe(403);
    expect(sixth.body).toEqual({ status: 403, message: LIMIT_MESSAGE });
    expect(await countProjects({ agencyId: agency.id })).toBe(5);
  });

  it("does not count suspended projects, and refuses to reactivate one at the limit", async () => {
    const { agency, token, clientA, create } = await world();
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++) ids.push((await create(clientA.id, `P${i}`)).body._id);

    const suspended = await call(propertyRoute.PUT, {
      method: "PUT",
      token,
      params: { id: ids[0] },
      body: { status: "suspended" },
    });
    expect(suspended.status).toBe(200);
    expect(suspended.body.status).toBe("suspended");
    expect(suspended.body.usage).toMatchObject({ active: 4, nearLimit: true, atLimit: false });

    const replacement = await create(clientA.id, "Replacement");
    expect(replacement.status).toBe(201);
    expect(replacement.body.usage).toMatchObject({ active: 5, atLimit: true });
    expect(await countProjects({ agencyId: agency.id })).toBe(6);

    const reactivate = await call(propertyRoute.PUT, {
      method: "PUT",
      token,
      params: { id: ids[0] },
      body: { status: "active", name: "Renamed" },
    });
    expect(reactivate.status).toBe(403);
    expect(reactivate.body.message).toBe(LIMIT_MESSAGE);
    const still = await findProject(ids[0]);
    expect(still.status).toBe("suspended");
    expect(still.name).toBe("P1");

    // Once a place frees up, reactivation works.
    await call(propertyRoute.PUT, { method: "PUT", token, params: { id: ids[1] }, body: { status: "suspended" } });
    const again = await call(propertyRoute.PUT, {
      method: "PUT",
      token,
      params: { id: ids[0] },
      body: { status: "active" },
    });
    expect(again.status).toBe(200);
    expect(again.body.usage).toMatchObject({ active: 5, atLimit: true });
  });

  it("shows the usage on GET /api/agencies/{id} and GET /api/properties/{id}", async () => {
    const { agency, token, clientA, create } = await world();
    for (let i = 1; i <= 4; i++) await create(clientA.id, `P${i}`);
    await insertProject(clientA, { status: "suspended" });

    const res = await call(agencyRoute.GET, { token, params: { id: agency.id } });
    expect(res.status).toBe(200);
    expect(res.body.projectLimit).toBe(5);
    expect(res.body.activeProjects).toBe(4);
    expect(res.body.usage).toEqual({ active: 4, limit: 5, remaining: 1, nearLimit: true, atLimit: false });

    const [project] = await Promise.all([insertProject(clientA, { status: "suspended" })]);
    const detail = await call(propertyRoute.GET, { token, params: { id: project.id } });
    expect(detail.body.usage).toEqual(res.body.usage);

    const other = await createAgency();
    expect((await call(agencyRoute.GET, { token: other.token, params: { id: agency.id } })).status).toBe(404);
  });

  it("counts only the agency's own projects and names a custom limit in the message", async () => {
    const { agency, clientA, create } = await world();
    const other = await createAgency();
    const otherClient = await insertClient(other.agency.id);
    for (let i = 0; i < 5; i++) await insertProject(otherClient);

    await setProjectLimit(agency.id, 2);
    expect((await create(clientA.id, "One")).body.usage).toMatchObject({ active: 1, limit: 2, nearLimit: true });
    expect((await create(clientA.id, "Two")).status).toBe(201);
    const third = await create(clientA.id, "Three");
    expect(third.status).toBe(403);
    expect(third.body.message).toBe(
      "Your plan allows 2 active projects and that limit is reached. Plan changes go through support.",
    );
  });

  it("applies to Client Admins too", async () => {
    const { agency, clientA, create } = await world();
    const { user, token: staffToken } = await createUser({ agencyId: agency.id, role: "staff" });
    await share(clientA.id, user.id, 4);
    for (let i = 0; i < 5; i++) await insertProject(clientA);
    const res = await create(clientA.id, "Staff project", staffToken);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(LIMIT_MESSAGE);
    expect(await countProjects({ agencyId: agency.id })).toBe(5);
  });

  it("lets only one of two concurrent creations take the last place", async () => {
    const { agency, clientA, clientB, create } = await world();
    for (let i = 0; i < 4; i++) await insertProject(clientA);
    const answers = await Promise.all([
      create(clientA.id, "Race A"),
      create(clientB.id, "Race B"),
      create(clientA.id, "Race C"),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 403, 403]);
    expect(await countProjects({ agencyId: agency.id, status: "active" })).toBe(5);
  });
});

describe("PUT /api/properties/{id}", () => {
  beforeEach(resetDatabase);

  it("changes only the fields sent: a status or name change keeps the currency and time zone", async () => {
    const { token, clientA, create } = await world();
    const created = await create(clientA.id, "Shop");
    expect(created.body).toMatchObject({
      currency: "EUR",
      timeZone: "Europe/Paris",
      siteType: "ecommerce",
      url: "https://shop.example.com",
    });

    const renamed = await call(propertyRoute.PUT, {
      method: "PUT",
      token,
      params: { id: created.body._id },
      body: { name: "Shop 2" },
    });
    expect(renamed.status).toBe(200);
    const suspended = await call(propertyRoute.PUT, {
      method: "PUT",
      token,
      params: { id: created.body._id },
      body: { status: "suspended" },
    });
    expect(suspended.status).toBe(200);
    const row = await findProject(created.body._id);
    expect(row).toMatchObject({
      name: "Shop 2",
      status: "suspended",
      currency: "EUR",
      timeZone: "Europe/Paris",
      siteType: "ecommerce",
      url: "https://shop.example.com",
    });

    const changed = await call(propertyRoute.PUT, {
      method: "PUT",
      token,
      params: { id: created.body._id },
      body: { currency: "gbp", timeZone: "UTC" },
    });
    expect(changed.body).toMatchObject({ currency: "GBP", timeZone: "UTC", name: "Shop 2" });
    const invalid = await call(propertyRoute.PUT, {
      method: "PUT",
      token,
      params: { id: created.body._id },
      body: { currency: "XXXX" },
    });
    expect(invalid.status).toBe(400);
  });

  it("clears the site URL when it is sent empty, and refuses an invalid one without changing it", async () => {
    const { token, clientA, create } = await world();
    const created = await create(clientA.id, "Shop");
    const invalid = await call(propertyRoute.PUT, {
      method: "PUT",
      token,
      params: { id: created.body._id },
      body: { url: "not a url" },
    });
    expect(invalid.status).toBe(400);
    expect((await findProject(created.body._id))?.url).toBe("https://shop.example.com");
    const cleared = await call(propertyRoute.PUT, {
      method: "PUT",
      token,
      params: { id: created.body._id },
      body: { url: "" },
    });
    expect(cleared.status).toBe(200);
    expect((await findProject(created.body._id))?.url).toBeNull();
  });
});
