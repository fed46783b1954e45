import { agencySignupSchema } from "@/lib/validation/auth";
import { MESSAGES } from "@/lib/constants/messages";
import { ValidationError } from "@/server/errors";
import { parseJsonBody } from "@/server/http/body";
import { json, withPublic } from "@/server/http/route";
import { signupAgency } from "@/server/services/agencies/signup-agency";

/** POST /api/agencies/signup: registers an agency and its admin, and emails a confirmation link. */
export const POST = withPublic(async (ctx, http) => {
  try {
    const input = await parseJsonBody(http.req, agencySignupSchema);
    return json(await signupAgency({ ctx, input }), 201);
  } catch (error) {
    // Field errors of the registration form all carry the spec's registration message.
    if (error instanceof ValidationError) throw new ValidationError(error.errors ?? {}, MESSAGES.registrationProblem);
    throw error;
  }
});
