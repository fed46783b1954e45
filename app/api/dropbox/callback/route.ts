import { NextResponse } from "next/server";
import { dropboxCallbackQuery } from "@/lib/validation/dropbox";
import { appUrl } from "@/server/env";
import { parseQuery } from "@/server/http/body";
import { clearConnectState, readConnectState } from "@/server/http/dropbox-connect-cookie";
import { withUser } from "@/server/http/route";
import { finishDropboxConnect } from "@/server/services/dropbox/finish-connect";

// Dropbox sends the browser back here with a code (or an error) and the state; the browser then
// returns to the page it came from, which shows the outcome.
export const GET = withUser(async (ctx, { req }) => {
  const query = parseQuery(req, dropboxCallbackQuery);
  const result = await finishDropboxConnect({
    ctx,
    input: { code: query.code, state: query.state, error: query.error, cookieState: readConnectState(req) },
  });
  const target = new URL(appUrl(result.returnPath));
  target.searchParams.set("dropbox", result.outcome);
  const res = NextResponse.redirect(target, 302);
  clearConnectState(res);
  return res;
});
