import { NextResponse } from "next/server";
import { appUrl } from "@/server/env";
import { AppError } from "@/server/errors";
import { browserErrorPage, wantsHtml } from "@/server/http/browser-error-page";
import { clearConnectNonce, readConnectNonce } from "@/server/http/premium-connect-cookie";
import { withUser } from "@/server/http/route";
import { finishPremiumConnect } from "@/server/services/premium-sources/finish-connect";

// Spec section 2: the OAuth callbacks of the ecommerce, CRM and Meta Ads integrations, /callback/{integration}.
// Success: on to the new source's page, where its first import shows. A wrong, replayed or foreign
// state is a 400 that writes nothing: in the one error shape for API clients, as a small page with
// a way back for the browser the provider sent here.
export const GET = withUser<{ integration: string }>(async (ctx, { req, params }) => {
  let source;
  try {
    source = await finishPremiumConnect({
      ctx,
      input: {
        integration: params.integration,
        query: new URL(req.url).searchParams,
        cookieNonce: readConnectNonce(req, params.integration),
      },
    });
  } catch (error) {
    if (!(error instanceof AppError) || !wantsHtml(req)) throw error;
    return browserErrorPage(error, "The connection was not made", {
      href: "/dashboard",
      label: "Back to the dashboard",
    });
  }
  // A Meta login with several ad accounts goes on to the choice of one.
  const next =
    "chooseAdAccount" in source
      ? `/client-projects/${source.chooseAdAccount.projectId}/data-sources/meta-accounts?session=${source.chooseAdAccount.sessionId}`
      : `/data-sources/${source._id}?connected=${params.integration}`;
  const res = NextResponse.redirect(new URL(appUrl(next)), 302);
  clearConnectNonce(res, params.integration);
  return res;
});
