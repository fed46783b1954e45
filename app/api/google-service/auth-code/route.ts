import { NextResponse } from "next/server";
import { authCodeQuery } from "@/lib/validation/google-data-sources";
import type { GoogleSignInResult } from "@/lib/constants/google-sources";
import { appUrl } from "@/server/env";
import { AppError } from "@/server/errors";
import { parseQuery } from "@/server/http/body";
import { clearSignInNonce, readSignInNonce, setSignInNonce } from "@/server/http/google-sign-in-cookie";
import { withUser } from "@/server/http/route";
import { completeGoogleSignIn, startGoogleSignIn } from "@/server/services/google-service/sign-in";

// The Google sign-in popup opens this route: without a code it sends the popup to Google's consent
// page; Google sends it back here with a code (or an error) and the state, and the popup goes on
// to /google-sign-in, which hands the result to the wizard.

export const GET = withUser(async (ctx, http) => {
  const query = parseQuery(http.req, authCodeQuery);
  if (query.code === undefined && query.error === undefined && query.state === undefined) {
    let started;
    try {
      started = await startGoogleSignIn({ ctx, input: { dataSourceId: query.dataSourceId, attempt: query.attempt } });
    } catch (error) {
      // Google not configured on this server: the popup says so and the wizard shows it.
      if (!(error instanceof AppError) || error.status !== 503) throw error;
      return resultPage({ ok: false, reason: "failed", message: error.message, attempt: query.attempt ?? "" });
    }
    const res = NextResponse.redirect(started.url, 302);
    setSignInNonce(res, started.nonce);
    return res;
  }
  const result = await completeGoogleSignIn({
    ctx,
    input: { code: query.code, state: query.state, error: query.error, cookieNonce: readSignInNonce(http.req) },
  });
  const res = resultPage(result);
  clearSignInNonce(res);
  return res;
});

function resultPage(result: GoogleSignInResult): NextResponse {
  const page = new URL(appUrl("/google-sign-in"));
  page.searchParams.set("attempt", result.attempt);
  if (result.ok) page.searchParams.set("email", result.email);
  else {
    page.searchParams.set("error", result.reason);
    page.searchParams.set("message", result.message);
  }
  return NextResponse.redirect(page, 302);
}
