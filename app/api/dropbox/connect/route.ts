import { NextResponse } from "next/server";
import { dropboxConnectQuery } from "@/lib/validation/dropbox";
import { parseQuery } from "@/server/http/body";
import { setConnectState } from "@/server/http/dropbox-connect-cookie";
import { withUser } from "@/server/http/route";
import { startDropboxConnect } from "@/server/services/dropbox/start-connect";

// "Connect Dropbox" is a link here: the browser is sent on to Dropbox's consent page.
export const GET = withUser(async (ctx, { req }) => {
  const { next } = parseQuery(req, dropboxConnectQuery);
  const { url, state } = await startDropboxConnect({ ctx, input: { returnPath: next } });
  const res = NextResponse.redirect(url, 302);
  setConnectState(res, state);
  return res;
});
