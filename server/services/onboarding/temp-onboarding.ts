import "server-only";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { onboardingDraftSchema, type tempOnboardingSchema } from "@/lib/validation/onboarding";
import { db } from "../../db/client";
import { users } from "../../db/schema";
import { ConflictError } from "../../errors";
import type { ServiceContext } from "../context";

type Row = { onboarding: boolean; step: number | null; draft: Record<string, unknown> | null };

export function tempOnboardingView(row: Row) {
  // A stored draft that no longer fits the schema (an older shape) is dropped rather than failing the page.
  const draft = row.draft ? onboardingDraftSchema.safeParse(row.draft) : null;
  return {
    onboarding: row.onboarding,
    tempOnboardingStep: row.step === null ? null : { step: row.step },
    draft: draft?.success ? draft.data : null,
  };
}

/** The step the user last reached and what they typed, kept server-side so onboarding resumes on any device. */
export async function getTempOnboarding({ ctx }: { ctx: ServiceContext }) {
  const [user] = await db()
    .select({ onboarding: users.onboarding, step: users.tempOnboardingStep, draft: users.tempOnboardingDraft })
    .from(users)
    .where(eq(users.id, ctx.actor.userId));
  return tempOnboardingView(user.onboarding ? user : { ...user, draft: null });
}

/**
 * Records the step completed and/or what was typed; a field left out stays as it is. What step 1
 * already added (`created`) is the server's and survives a new draft.
 */
export async function setTempOnboarding({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: z.output<typeof tempOnboardingSchema>;
}) {
  return db().transaction(async (tx) => {
    const [current] = await tx
      .select({ onboarding: users.onboarding, draft: users.tempOnboardingDraft })
      .from(users)
      .where(eq(users.id, ctx.actor.userId))
      .for("update");
    if (!current?.onboarding) throw new ConflictError("Onboarding is already complete");
    const created = current.draft?.created;
    const [user] = await tx
      .update(users)
      .set({
        ...(input.step !== undefined ? { tempOnboardingStep: input.step } : {}),
        ...(input.draft !== undefined
          ? { tempOnboardingDraft: created ? { ...input.draft, created } : input.draft }
          : {}),
      })
      .where(eq(users.id, ctx.actor.userId))
      .returning({ onboarding: users.onboarding, step: users.tempOnboardingStep, draft: users.tempOnboardingDraft });
    return tempOnboardingView(user);
  });
}
