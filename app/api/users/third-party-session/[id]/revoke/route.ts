import { revokeThirdPartySessionSchema } from "@/lib/validation/third-party";
import { parseJsonBody } from "@/server/http/body";
import { uuidParam } from "@/server/http/params";
import { withUser } from "@/server/http/route";
import { revokeThirdPartySession } from "@/server/services/third-party/revoke-session";

export const POST = withUser<{ id: string }>(async (ctx, { req, params }) => {
  const { session } = await parseJsonBody(req, revokeThirdPartySessionSchema);
  return revokeThirdPartySession({ ctx, input: { userId: uuidParam(params.id), sessionId: session } });
});
