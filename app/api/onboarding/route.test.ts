import { count, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "@/lib/constants/messages";
import { db } from "@/server/db/client";
import { agencies, clientProjects, clients, users } from "@/server/db/schema";
import { call } from "@/test/api";
import { resetDatabase } from "@/test/db";
import { createAgency } from "@/test/factories";
import { POST as tempPost } from "../temp-onboarding/route";
import { POST } from "./route";

const onboard = (body: unknown, token?: string) => call(POST, { path: "/api/onboarding", body, token });
const project = (name: string, siteType = "ecommerce") => ({
  name,
  url: `${name.toLowerCase().replace(/\s+/g, "-")}.example.com`,
  siteType,
});

async function counts() {
  const [[c], [p]] = await Promise.all([
    db().select({ n: count() }).from(clients),
    db().select({ n: count() }).from(clientProjects),
  ]);
  return { clients: c.n, projects: p.n };
}
const onboardingFlag = async (userId: string) =>
  (await db().select({ onboarding: users.onboarding }).from(users).where(eq(users.id, userId)))[0].onboarding;

describe("POST /api/onboarding", () => {
  beforeEach(resetDatabase);

  it("submit creates the clients and projects in the agency and sets onboarding false", async () => {
    const { agency, admin, token } = await createAgency({ onboarding: true });
    await db().update(users).set({ tempOnboardingStep: 1 }).where(eq(users.id, admin.id));
    const res = await onboard(
      {
        action: "submit",
        clients: [
          { name: "Client One", website: "one.example.com", projects: [project("Shop"), project("Blog", "content")] },
          { name: "Client Two", projects: [project("Leads", "lead_generation")] },
        ],
      },
      token,
    );
    expect(res.status).toBe(200);
    expect(res.body.onboarding).toBe(false);
    expect(res.body.created).toHaveLength(2);
    expect(res.body.created[0].projectIds).toHaveLength(2);

    const clientRows = await db().select().from(clients).where(eq(clients.agencyId, agency.id));
    expect(clientRows.map((c) => c.name).sort()).toEqual(["Client One", "Client Two"]);
    const projectRows = await db().select().from(clientProjects).where(eq(clientProjects.agencyId, agency.id));
    expect(projectRows).toHaveLength(3);
    const one = clientRows.find((c) => c.name === "Client One")!;
    expect(
      projectRows
        .filter((p) => p.clientId === one.id)
        .map((p) => p.name)
        .sort(),
    ).toEqual(["Blog", "Shop"]);
    expect(projectRows.find((p) => p.name === "Leads")).toMatchObject({
      siteType: "lead_generation",
      status: "active",
      url: "leads.example.com",
    });

    const [user] = await db().select().from(users).where(eq(users.id, admin.id));
    expect(user.onboarding).toBe(false);
    expect(user.tempOnboardingStep).toBeNull();
  });

  it("answers 409 when onboarding is already complete, creating nothing", async () => {
    const { token } = await createAgency({ onboarding: false });
    const res = await onboard({ action: "submit", clients: [{ name: "Late", projects: [project("P")] }] }, token);
    expect(res.status).toBe(409);
    expect(res.body.status).toBe(409);
    expect(await counts()).toEqual({ clients: 0, projects: 0 });
    expect((await onboard({ action: "cancel" }, token)).status).toBe(409);
  });

  it("a second submit is refused with 409", async () => {
    const { token } = await createAgency({ onboarding: true });
    expect(
      (await onboard({ action: "submit", clients: [{ name: "C", projects: [project("P")] }] }, token)).status,
    ).toBe(200);
    expect(
      (await onboard({ action: "submit", clients: [{ name: "C2", projects: [project("P2")] }] }, token)).status,
    ).toBe(409);
    expect(await counts()).toEqual({ clients: 1, projects: 1 });
  });

  it("cancel sets onboarding false and creates nothing", async () => {
    const { admin, token } = await createAgency({ onboarding: true });
    const res = await onboard({ action: "cancel" }, token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ onboarding: false, created: [] });
    expect(await onboardingFlag(admin.id)).toBe(false);
    expect(await counts()).toEqual({ clients: 0, projects: 0 });
  });

  it("refuses more projects than the plan's limit of 5 with 403 and the limit message, writing nothing", async () => {
    const { admin, token } = await createAgency({ onboarding: true });
    const res = await onboard(
      {
        action: "submit",
        clients: [
          { name: "Big", projects: [project("P1"), project("P2"), project("P3")] },
          { name: "Bigger", projects: [project("P4"), project("P5"), project("P6")] },
        ],
      },
      token,
    );
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ status: 403, message: MESSAGES.projectLimitReached(5) });
    expect(res.body.message).toBe(
      "Your plan allows 5 active projects and that limit is reached. Plan changes go through support.",
    );
    expect(await counts()).toEqual({ clients: 0, projects: 0 });
    expect(await onboardingFlag(admin.id)).toBe(true);
  });

  it("allows exactly the limit, and honours the agency's own limit", async () => {
    const { agency, token } = await createAgency({ onboarding: true });
    await db().update(agencies).set({ projectLimit: 2 }).where(eq(agencies.id, agency.id));
    const over = await onboard(
      { action: "submit", clients: [{ name: "C", projects: [project("A"), project("B"), project("C")] }] },
      token,
    );
    expect(over.status).toBe(403);
    expect(over.body.message).toBe(MESSAGES.projectLimitReached(2));
    const exact = await onboard(
      { action: "submit", clients: [{ name: "C", projects: [project("A"), project("B")] }] },
      token,
    );
    expect(exact.status).toBe(200);
    expect(await counts()).toEqual({ clients: 1, projects: 2 });
  });

  it("counts the agency's existing active projects against the limit, but not suspended ones", async () => {
    const { agency, token } = await createAgency({ onboarding: true });
    const [existing] = await db().insert(clients).values({ agencyId: agency.id, name: "Existing" }).returning();
    await db()
      .insert(clientProjects)
      .values(
        ["E1", "E2", "E3", "E4"].map((name, i) => ({
          agencyId: agency.id,
          clientId: existing.id,
          name,
          siteType: "brand" as const,
          status: i === 0 ? ("suspended" as const) : ("active" as const),
        })),
      );
    const over = await onboard(
      { action: "submit", clients: [{ name: "New", projects: [project("N1"), project("N2"), project("N3")] }] },
      token,
    );
    expect(over.status).toBe(403);
    expect(await counts()).toEqual({ clients: 1, projects: 4 });
    const fits = await onboard(
      { action: "submit", clients: [{ name: "New", projects: [project("N1"), project("N2")] }] },
      token,
    );
    expect(fits.status).toBe(200);
    expect(await counts()).toEqual({ clients: 2, projects: 6 });
  });

  it("gives 400 with nested field errors for invalid step-1 data, writing nothing", async () => {
    const { admin, token } = await createAgency({ onboarding: true });
    const res = await onboard(
      { action: "submit", clients: [{ name: "", projects: [{ name: "P", siteType: "nope" }] }] },
      token,
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      "clients.0.name": MESSAGES.required,
      "clients.0.projects.0.siteType": MESSAGES.required,
    });
    expect((await onboard({ action: "submit", clients: [] }, token)).body.errors).toEqual({
      clients: "Add at least one client",
    });
    expect((await onboard({ action: "finish" }, token)).status).toBe(400);
    expect(await counts()).toEqual({ clients: 0, projects: 0 });
    expect(await onboardingFlag(admin.id)).toBe(true);
  });

  it("answers 401 when not logged in", async () => {
    expect((await onboard({ action: "cancel" })).status).toBe(401);
  });

  it("create adds the step-1 clients and keeps onboarding open; submit then finishes without adding them again", async () => {
    const { agency, admin, token } = await createAgency({ onboarding: true });
    const typed = [{ name: "Client One", website: "", projects: [project("Shop")] }];
    const res = await onboard({ action: "create", clients: typed }, token);
    expect(res.status).toBe(200);
    expect(res.body.onboarding).toBe(true);
    expect(res.body.tempOnboardingStep).toEqual({ step: 1 });
    const [row] = await db().select().from(clientProjects).where(eq(clientProjects.agencyId, agency.id));
    expect(res.body.draft.created).toEqual([
      { clientId: row.clientId, name: "Client One", projects: [{ id: row.id, name: "Shop", siteType: "ecommerce" }] },
    ]);
    expect(await onboardingFlag(admin.id)).toBe(true);

    // A second create (another tab) adds nothing; a draft posted later keeps what was added.
    expect((await onboard({ action: "create", clients: typed }, token)).status).toBe(409);
    const later = await call(tempPost, {
      path: "/api/temp-onboarding",
      body: { draft: { clients: [], created: [] } },
      token,
    });
    expect(later.body.draft.created).toHaveLength(1);
    expect(await counts()).toEqual({ clients: 1, projects: 1 });

    const done = await onboard({ action: "submit" }, token);
    expect(done.status).toBe(200);
    expect(done.body.created).toEqual([{ clientId: row.clientId, projectIds: [row.id] }]);
    expect(await counts()).toEqual({ clients: 1, projects: 1 });
    expect(await onboardingFlag(admin.id)).toBe(false);
  });

  it("create refuses invalid clients and more projects than the limit, writing nothing", async () => {
    const { admin, token } = await createAgency({ onboarding: true });
    const bad = await onboard({ action: "create", clients: [{ name: "", projects: [project("P")] }] }, token);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ "clients.0.name": MESSAGES.required });
    const many = Array.from({ length: 6 }, (_, i) => project(`P${i}`));
    expect((await onboard({ action: "create", clients: [{ name: "Big", projects: many }] }, token)).status).toBe(403);
    expect(await counts()).toEqual({ clients: 0, projects: 0 });
    const [user] = await db().select({ draft: users.tempOnboardingDraft }).from(users).where(eq(users.id, admin.id));
    expect(user.draft).toBeNull();
  });
});
