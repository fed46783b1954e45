import { NextResponse } from "next/server";
import { accessTokenSchema } from "@/lib/validation/share-links";
import { parseJsonBody } from "@/server/http/body";
import { withPublic } from "@/server/http/route";
import { openSharedReport } from "@/server/services/share-links/open-shared-report";

// A shared report for a visitor without an account: the share link's token is the only key.
export const POST = withPublic(async (ctx, { req }) => {
  const { token } = await parseJsonBody(req, accessTokenSchema);
  const res = NextResponse.json(await openSharedReport({ ctx, input: { token } }));
  res.headers.set("X-Robots-Tag", "noindex, nofollow");
  return res;
});
