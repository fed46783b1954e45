import { z } from "zod";
import { onboardingDraftSchema } from "../onboarding";

// What onboarding, the API reference and the Stripe webhook answer.

const tempOnboarding = z.strictObject({
  onboarding: z.boolean(),
  tempOnboardingStep: z.strictObject({ step: z.number().int() }).nullable(),
  /** What was typed so far (and what step 1 added); null once onboarding is done. */
  draft: onboardingDraftSchema.nullable(),
});

export const ONBOARDING_RESPONSES = {
  "GET /api/temp-onboarding": tempOnboarding,
  "POST /api/temp-onboarding": tempOnboarding,
  /**
   * "create": onboarding stays open, its draft holding the clients and projects step 1 added (`draft.created`);
   * "submit" or "cancel": onboarding is over, with the ids of what it added.
   */
  "POST /api/onboarding": z.union([
    tempOnboarding,
    z.strictObject({
      onboarding: z.literal(false),
      created: z.array(z.strictObject({ clientId: z.uuid(), projectIds: z.array(z.uuid()) })),
    }),
  ]),
  /** The OpenAPI 3.1 document itself. */
  "GET /api/openapi.json": z.looseObject({ openapi: z.literal("3.1.0"), paths: z.record(z.string(), z.unknown()) }),
  "POST /api/webhooks/stripe": z.strictObject({
    received: z.literal(true),
    /** What became of the event: applied once, a replay, older than what was applied, or not one we act on. */
    outcome: z.enum(["applied", "duplicate", "stale", "ignored", "unknown_agency"]),
  }),
} satisfies Record<string, z.ZodType>;
