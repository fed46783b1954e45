import { NextResponse } from "next/server";
import { appUrl } from "@/server/env";
import { clearConnectNonce, readConnectNonce } from "@/server/http/premium-connect-cookie";
import { withUser } from "@/server/http/route";
import { finishPremiumConnect } from "@/server/services/premium-sources/finish-connect";

// Spec section 2: the OAuth callbacks of the ecommerce and CRM integrations, /callback/{integration}.
// Success: on to the new source's page, where its first import shows. A wrong, replayed or foreign
// state is a 400 in the one error shape and writes nothing.
export const GET = withUser<{ integration: string }>(async (ctx, { req, params }) => {
  const source = await finishPremiumConnect({
    ctx,
    input: {
      integration: params.integration,
      query: new URL(req.url).searchParams,
      cookieNonce: readConnectNonce(req, params.integration),
    },
  });
  const res = NextResponse.redirect(
    new URL(appUrl(`/data-sources/${source._id}?connected=${params.integration}`)),
    302,
  );
  clearConnectNonce(res, params.integration);
  return res;
});
