import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { users } from "@/server/db/schema";
import { call } from "@/test/api";
import { resetDatabase } from "@/test/db";
import { createAgency } from "@/test/factories";
import { POST as submit } from "../onboarding/route";
import { GET, POST } from "./route";

const setStep = (step: unknown, token?: string) => call(POST, { path: "/api/temp-onboarding", body: { step }, token });
const getStep = (token?: string) => call(GET, { path: "/api/temp-onboarding", token });
const storedStep = async (userId: string) =>
  (await db().select({ step: users.tempOnboardingStep }).from(users).where(eq(users.id, userId)))[0].step;

describe("POST|GET /api/temp-onboarding", () => {
  beforeEach(resetDatabase);

  it("starts empty, then stores the step server-side and gives it back", async () => {
    const { admin, token } = await createAgency({ onboarding: true });
    expect((await getStep(token)).body).toEqual({ onboarding: true, tempOnboardingStep: null, draft: null });
    const res = await setStep(2, token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ onboarding: true, tempOnboardingStep: { step: 2 }, draft: null });
    expect(await storedStep(admin.id)).toBe(2);
    const got = await getStep(token);
    expect(got.status).toBe(200);
    expect(got.body).toEqual({ onboarding: true, tempOnboardingStep: { step: 2 }, draft: null });
    expect((await setStep(3, token)).status).toBe(200);
    expect(await storedStep(admin.id)).toBe(3);
  });

  it("refuses a step out of range with 400 and keeps the stored one", async () => {
    const { admin, token } = await createAgency({ onboarding: true });
    await setStep(1, token);
    for (const step of [0, 4, -1, 1.5, "2", null]) {
      const res = await setStep(step, token);
      expect(res.status, String(step)).toBe(400);
      expect(res.body.errors).toHaveProperty("step");
    }
    expect(await storedStep(admin.id)).toBe(1);
  });

  it("answers 409 once onboarding is complete, storing nothing", async () => {
    const { admin, token } = await createAgency({ onboarding: false });
    const res = await setStep(2, token);
    expect(res.status).toBe(409);
    expect(await storedStep(admin.id)).toBeNull();
    expect((await getStep(token)).body).toEqual({ onboarding: false, tempOnboardingStep: null, draft: null });
  });

  it("keeps what was typed, complete or not, apart from the step, and gives it back after a reload", async () => {
    const { token } = await createAgency({ onboarding: true });
    const draft = {
      clients: [
        {
          name: "Northwind",
          website: "",
          projects: [{ name: "Store", url: "northwind.example", siteType: "ecommerce" }],
        },
        { name: "", website: "half-typed", projects: [{ name: "", url: "", siteType: "" }] },
      ],
    };
    const saved = await call(POST, { path: "/api/temp-onboarding", body: { draft }, token });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ onboarding: true, tempOnboardingStep: null, draft });
    // Moving on records the step and leaves the draft as it is.
    await setStep(1, token);
    expect((await getStep(token)).body).toEqual({ onboarding: true, tempOnboardingStep: { step: 1 }, draft });
  });

  it("refuses a draft that is not one (bad site type, too long, wrong shape) and an empty body", async () => {
    const { token } = await createAgency({ onboarding: true });
    const post = (body: unknown) => call(POST, { path: "/api/temp-onboarding", body, token });
    const project = { name: "P", url: "", siteType: "ecommerce" };
    for (const draft of [
      { clients: [{ name: "A", website: "", projects: [{ ...project, siteType: "casino" }] }] },
      { clients: [{ name: "x".repeat(201), website: "", projects: [project] }] },
      { clients: "Northwind" },
      { clients: Array.from({ length: 21 }, () => ({ name: "A", website: "", projects: [] })) },
    ]) {
      expect((await post({ draft })).status, JSON.stringify(draft).slice(0, 80)).toBe(400);
    }
    expect((await post({})).status).toBe(400);
    expect((await getStep(token)).body.draft).toBeNull();
  });

  it("forgets the draft once onboarding is submitted", async () => {
    const { admin, token } = await createAgency({ onboarding: true });
    const draft = { clients: [{ name: "A", website: "", projects: [{ name: "P", url: "", siteType: "brand" }] }] };
    await call(POST, { path: "/api/temp-onboarding", body: { draft }, token });
    const done = await call(submit, { path: "/api/onboarding", body: { action: "cancel" }, token });
    expect(done.status).toBe(200);
    const [row] = await db().select({ draft: users.tempOnboardingDraft }).from(users).where(eq(users.id, admin.id));
    expect(row.draft).toBeNull();
  });

  it("answers 401 when not logged in", async () => {
    expect((await getStep()).status).toBe(401);
    expect((await setStep(1)).status).toBe(401);
  });
});
