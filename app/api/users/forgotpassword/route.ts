import { forgotPasswordSchema } from "@/lib/validation/auth";
import { parseJsonBody } from "@/server/http/body";
import { withPublic } from "@/server/http/route";
import { forgotPassword } from "@/server/services/accounts/forgot-password";

/** POST /api/users/forgotpassword: the same answer whether or not the email has an account. */
export const POST = withPublic(async (ctx, http) =>
  forgotPassword({ ctx, input: await parseJsonBody(http.req, forgotPasswordSchema) }),
);
