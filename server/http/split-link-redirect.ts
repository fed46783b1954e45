import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { env } from "../env";
import {
  followSplitLink,
  SPLIT_COOKIE_MAX_AGE_SECONDS,
  splitCookieName,
} from "../services/split-links/follow-split-link";
import { apiSecurityHeaders } from "./api-security-headers";

const SLUG = /^[a-z0-9][a-z0-9-]{1,58}[a-z0-9]$/;

/**
 * GET /s/{slug}'s answer: the visitor sent to their variant (302, never cached, the variant kept in a cookie), or a
 * plain 404 for an unknown link; with the API answers' security headers (the proxy does not run for split links).
 * The route (app/s/[slug]/route.ts) and the web server's early answer (early-answer.ts) both send this.
 */
export async function splitLinkRedirect(req: NextRequest, slug: string): Promise<Response> {
  const response = await redirect(req, slug);
  for (const [name, value] of Object.entries(apiSecurityHeaders())) response.headers.set(name, value);
  return response;
}

async function redirect(req: NextRequest, slug: string): Promise<Response> {
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
}
