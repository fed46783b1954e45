import { z } from "zod";
import { MESSAGES } from "../constants/messages";
import { optionalUrl, requiredText } from "./fields";
import { SITE_TYPES } from "../constants/site-types";

export const ONBOARDING_STEPS = [
  { step: 1, title: "Add clients and projects" },
  { step: 2, title: "Add data sources" },
  { step: 3, title: "Add competitor" },
] as const;
export const FIRST_ONBOARDING_STEP = 1;
export const LAST_ONBOARDING_STEP = 3;

export const onboardingProjectSchema = z.object({
  name: requiredText("Project name"),
  url: optionalUrl("Site URL"),
  siteType: z.enum(SITE_TYPES.map((s) => s.value) as [string, ...string[]], { error: MESSAGES.required }),
});

export const onboardingClientSchema = z.object({
  name: requiredText("Client name"),
  website: optionalUrl("Website"),
  projects: z.array(onboardingProjectSchema).min(1, "Add at least one project"),
});

/** Step 1: one or more clients, each with one or more reporting projects. */
export const onboardingStep1Schema = z.object({
  clients: z.array(onboardingClientSchema).min(1, "Add at least one client").max(20),
});
export type OnboardingStep1Input = z.input<typeof onboardingStep1Schema>;

/**
 * POST /api/onboarding: "create" adds the step-1 clients and projects and keeps onboarding open (so
 * steps 2 and 3 can add data sources and competitors to them); "submit" finishes, adding the
 * clients sent (none when "create" already added them); "cancel" finishes without adding any.
 */
export const onboardingSubmitSchema = z.discriminatedUnion("action", [
  onboardingStep1Schema.extend({ action: z.literal("create") }),
  z.object({
    action: z.literal("submit"),
    clients: z.array(onboardingClientSchema).max(20).default([]),
  }),
  z.object({ action: z.literal("cancel") }),
]);

// What the user has typed so far, complete or not: kept as typed (each text bounded) and checked
// by the step-1 schema only when they continue or finish.
const draftText = (max: number) => z.string().max(max).default("");
const draftSiteType = z
  .union([z.literal(""), z.enum(SITE_TYPES.map((s) => s.value) as [string, ...string[]])])
  .default("");
/** What step 1 added (kept with the draft by the server; the browser cannot set it). */
export const onboardingCreatedSchema = z
  .array(
    z.object({
      clientId: z.string(),
      name: z.string(),
      projects: z.array(z.object({ id: z.string(), name: z.string(), siteType: z.string() })),
    }),
  )
  .max(20);
export type OnboardingCreated = z.output<typeof onboardingCreatedSchema>;

/** What the browser sends as typed so far. */
export const onboardingTypedSchema = z.object({
  clients: z
    .array(
      z.object({
        name: draftText(200),
        website: draftText(500),
        projects: z.array(z.object({ name: draftText(200), url: draftText(500), siteType: draftSiteType })).max(50),
      }),
    )
    .max(20),
});
/** The stored draft: what was typed, and what step 1 added once it was continued. */
export const onboardingDraftSchema = onboardingTypedSchema.extend({ created: onboardingCreatedSchema.optional() });
export type OnboardingDraft = z.output<typeof onboardingDraftSchema>;

/**
 * POST /api/temp-onboarding: the step reached and/or what was typed so far, kept server-side so
 * onboarding resumes anywhere with the clients and projects already typed.
 */
export const tempOnboardingSchema = z
  .object({
    step: z.number().int().min(FIRST_ONBOARDING_STEP).max(LAST_ONBOARDING_STEP).optional(),
    draft: onboardingTypedSchema.optional(),
  })
  .refine((v) => v.step !== undefined || v.draft !== undefined, {
    message: "Send the step reached or what was typed",
    path: ["step"],
  });
