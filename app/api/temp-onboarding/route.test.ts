import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { users } from "@/server/db/schema";
import { call } from "@/test/api";
import { resetDatabase } from "@/test/db";
import { createAgency } from "@/test/factories";
import { GET, POST } from "./route";

const setStep = (step: unknown, token?: string) => call(POST, { path: "/api/temp-onboarding", body: { step }, token });
const getStep = (token?: string) => call(GET, { path: "/api/temp-onboarding", token });
const storedStep = async (userId: string) =>
  (await db().select({ step: users.tempOnboardingStep }).from(users).where(eq(users.id, userId)))[0].step;

describe("POST|GET /api/temp-onboarding", () => {
  beforeEach(resetDatabase);

  it("starts empty, then stores the step server-side and gives it back", async () => {
    const { admin, token } = await createAgency({ onboarding: true });
    expect((await getStep(token)).body).toEqual({ onboarding: true, tempOnboardingStep: null });
    const res = await setStep(2, token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ onboarding: true, tempOnboardingStep: { step: 2 } });
    expect(await storedStep(admin.id)).toBe(2);
    const got = await getStep(token);
    expect(got.status).toBe(200);
    expect(got.body).toEqual({ onboarding: true, tempOnboardingStep: { step: 2 } });
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
    expect((await getStep(token)).body).toEqual({ onboarding: false, tempOnboardingStep: null });
  });

  it("answers 401 when not logged in", async () => {
    expect((await getStep()).status).toBe(401);
    expect((await setStep(1)).status).toBe(401);
  });
});
