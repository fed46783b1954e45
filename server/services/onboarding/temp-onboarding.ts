import "server-only";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import { onboardingDraftSchema, type tempOnboardingSchema } from "@/lib/validation/onboarding";
import { db } from "../../db/client";
import { users } from "../../db/schema";
import { ConflictError } from "../../errors";
import type { ServiceContext } from "../context";

type Row = { onboarding: boolean; step: number | null; draft: Record<string, unknown> | null };

function view(row: Row) {
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
  return view(user.onboarding ? user : { ...user, draft: null });
}

/** Records the step completed and/or the draft; a field left out stays as it is. */
export async function setTempOnboarding({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: z.output<typeof tempOnboardingSchema>;
}) {
  const [user] = await db()
    .update(users)
    .set({
      ...(input.step !== undefined ? { tempOnboardingStep: input.step } : {}),
      ...(input.draft !== undefined ? { tempOnboardingDraft: input.draft } : {}),
    })
    .where(and(eq(users.id, ctx.actor.userId), eq(users.onboarding, true)))
    .returning({ onboarding: users.onboarding, step: users.tempOnboardingStep, draft: users.tempOnboardingDraft });
  if (!user) throw new ConflictError("Onboarding is already complete");
  return view(user);
}
