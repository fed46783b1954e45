import { NextResponse, type NextRequest } from "next/server";

// Insight links (`/client-projects/{id}/insights/{insightId}?download`) arrive by email and in
// exports, often in a browser that is logged out. Spec section 2: the path is kept as the fallback
// route and used after login. Without a session cookie, send the visitor to the login page with
// the path and query in `?next=` (the login page stores it as the fallback route). With a cookie,
// pass the path on in a header so the layout can do the same if the session turns out invalid.
// Only the cookie's presence is checked here; the page verifies the session itself.

const SESSION_COOKIES = ["next-auth.session-token", "__Secure-next-auth.session-token"];
export const RETURN_PATH_HEADER = "x-funnelwise-return-path";

export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const returnPath = `${pathname}${search}`;
  const hasSession = SESSION_COOKIES.some((name) => Boolean(request.cookies.get(name)?.value));
  if (!hasSession) {
    const login = request.nextUrl.clone();
    login.pathname = "/login";
    login.search = "";
    login.searchParams.set("next", returnPath);
    return NextResponse.redirect(login);
  }
  const headers = new Headers(request.headers);
  headers.set(RETURN_PATH_HEADER, returnPath);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  matcher: ["/client-projects/:id/insights/:path*"],
};
