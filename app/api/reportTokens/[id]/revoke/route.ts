import { uuidParam } from "@/server/http/params";
import { withUser } from "@/server/http/route";
import { revokeShareLink } from "@/server/services/share-links/revoke-share-link";

export const POST = withUser<{ id: string }>(async (ctx, { params }) =>
  revokeShareLink({ ctx, input: { linkId: uuidParam(params.id) } }),
);
