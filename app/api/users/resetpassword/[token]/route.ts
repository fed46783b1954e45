import { resetPasswordSchema } from "@/lib/validation/auth";
import { parseJsonBody } from "@/server/http/body";
import { withPublic } from "@/server/http/route";
import { resetPassword, resetTokenInfo } from "@/server/services/accounts/reset-password";

type P = { token: string };

/** GET: is the reset link valid? POST: set the new password. */
export const GET = withPublic<P>(async (ctx, http) => resetTokenInfo({ ctx, input: { token: http.params.token } }));
export const POST = withPublic<P>(async (ctx, http) => {
  const { password } = await parseJsonBody(http.req, resetPasswordSchema);
  return resetPassword({ ctx, input: { token: http.params.token, password } });
});
