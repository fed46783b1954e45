import { onboardingSubmitSchema } from "@/lib/validation/onboarding";
import { parseJsonBody } from "@/server/http/body";
import { withUser } from "@/server/http/route";
import { submitOnboarding } from "@/server/services/onboarding/submit-onboarding";

/** POST /api/onboarding: { action: "submit", clients } or { action: "cancel" }. */
export const POST = withUser(async (ctx, http) =>
  submitOnboarding({ ctx, input: await parseJsonBody(http.req, onboardingSubmitSchema) }),
);
