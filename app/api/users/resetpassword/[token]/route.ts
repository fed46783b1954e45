import { resetPasswordSchema } from "@/lib/validation/auth";
import { parseJsonBody } from "@/server/http/body";
import { withPublic } from "@/server/http/route";
import { resetPassword, resetTokenInfo } from "@/server/services/accounts/reset-password";

type P = { token: string };

/** GET: is the reset link valid? POST: set the new password. */
export const GET = withPublic<P>(async (ctx) => resetTokenInfo({ token: ctx.params.token }));
export const POST = withPublic<P>(async (ctx) => {
  const input = await parseJsonBody(ctx.req, resetPasswordSchema);
  return resetPassword({ token: ctx.params.token, password: input.password });
});
