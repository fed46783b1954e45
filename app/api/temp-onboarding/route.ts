import { tempOnboardingSchema } from "@/lib/validation/onboarding";
import { parseJsonBody } from "@/server/http/body";
import { withUser } from "@/server/http/route";
import { getTempOnboarding, setTempOnboarding } from "@/server/services/onboarding/temp-onboarding";

export const GET = withUser(async (ctx) => getTempOnboarding({ ctx }));
export const POST = withUser(async (ctx, http) =>
  setTempOnboarding({ ctx, input: await parseJsonBody(http.req, tempOnboardingSchema) }),
);
