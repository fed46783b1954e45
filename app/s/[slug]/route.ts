import { NextResponse, type NextRequest } from "next/server";
import { withApiSecurityHeaders } from "@/server/http/api-security-headers";
import { env } from "@/server/env";
import {
  followSplitLink,
  SPLIT_COOKIE_MAX_AGE_SECONDS,
  splitCookieName,
} from "@/server/services/split-links/follow-split-link";

const SLUG = /^[a-z0-9][a-z0-9-]{1,58}[a-z0-9]$/;

/**
 * GET /s/{slug}: a split link's public address (under BASE_PATH), outside the API and the proxy (proxy.ts's matcher):
 * a campaign's visitor is sent to their variant at once. Unknown links are a plain 404.
 */
export const GET = withApiSecurityHeaders(async (req: NextRequest, args: { params: Promise<{ slug: string }> }) => {
  const { slug } = await args.params;
  const notFound = () =>
    new NextResponse("This link does not exist.", { status: 404, headers: { "Cache-Control": "no-store" } });
  if (!SLUG.test(slug)) return notFound();
  const result = await followSplitLink({
    slug,
    cookie: req.cookies.get(splitCookieName(slug))?.value,
    query: req.nextUrl.searchParams,
  });
  if (!result) return notFound();
  const response = NextResponse.redirect(result.location, 302);
  // Each visit must reach the app to be counted and kept on its variant: never cached by a browser or a proxy.
  response.headers.set("Cache-Control", "no-store");
  if (result.assign)
    response.cookies.set(splitCookieName(slug), result.assign, {
      httpOnly: true,
      sameSite: "lax",
      secure: env().APP_URL.startsWith("https://"),
      path: `${env().BASE_PATH}/s/${slug}`,
      maxAge: SPLIT_COOKIE_MAX_AGE_SECONDS,
    });
  return response;
});
