import "server-only";
import { and, eq } from "drizzle-orm";
import { db } from "../../db/client";
import { users } from "../../db/schema";
import { ConflictError } from "../../errors";
import type { ServiceContext } from "../context";

/** The onboarding step the user last reached, kept server-side so onboarding resumes on any device. */
export async function getTempOnboarding({ ctx }: { ctx: ServiceContext }) {
  const [user] = await db()
    .select({ onboarding: users.onboarding, step: users.tempOnboardingStep })
    .from(users)
    .where(eq(users.id, ctx.actor.userId));
  return { onboarding: user.onboarding, tempOnboardingStep: user.step === null ? null : { step: user.step } };
}

export async function setTempOnboarding({ ctx, input }: { ctx: ServiceContext; input: { step: number } }) {
  const { step } = input;
  const [user] = await db()
    .update(users)
    .set({ tempOnboardingStep: step })
    .where(and(eq(users.id, ctx.actor.userId), eq(users.onboarding, true)))
    .returning({ step: users.tempOnboardingStep });
  if (!user) throw new ConflictError("Onboarding is already complete");
  return { onboarding: true, tempOnboardingStep: { step: user.step } };
}
