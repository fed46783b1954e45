import type { GoogleFake } from "@/e2e/fakes/google/server";
import * as authCode from "@/app/api/google-service/auth-code/route";
import { call } from "@/test/api";

const COOKIE = "funnelwise-google-oauth";

/** Starts a sign-in as the user: the route's redirect to the consent page and the nonce cookie it sets. */
export async function startSignIn(token: string, query = "") {
  const res = await call(authCode.GET, { path: `/api/google-service/auth-code${query}`, token });
  const cookie = /funnelwise-google-oauth=([^;]*)/.exec(res.headers.get("set-cookie") ?? "")?.[1] ?? "";
  return { res, consent: res.headers.get("location") ?? "", nonce: cookie };
}

/** Google's consent page (the fake) answers with a redirect back to us; returns that URL's query. */
export async function consent(consentUrl: string, loginHint?: string): Promise<URLSearchParams> {
  const url = new URL(consentUrl);
  if (loginHint) url.searchParams.set("login_hint", loginHint);
  const answer = await fetch(url, { redirect: "manual" });
  return new URL(answer.headers.get("location") ?? "").searchParams;
}

/** Google's redirect back to the auth-code route, with the browser's cookie; returns where the popup goes next. */
export async function finishSignIn(token: string, back: URLSearchParams, nonce: string | undefined) {
  const res = await call(authCode.GET, {
    path: `/api/google-service/auth-code?${back.toString()}`,
    token,
    headers: nonce === undefined ? {} : { cookie: `${COOKIE}=${nonce}` },
  });
  const location = new URL(res.headers.get("location") ?? "http://invalid/");
  return { res, page: location.pathname, params: location.searchParams };
}

/** The whole popup round trip as a browser makes it. */
export async function signIn(fake: GoogleFake, token: string, options: { dataSourceId?: string; email?: string } = {}) {
  const started = await startSignIn(
    token,
    options.dataSourceId ? `?dataSourceId=${options.dataSourceId}&attempt=a1` : "?attempt=a1",
  );
  if (started.res.status !== 302) throw new Error(`sign-in start answered ${started.res.status}`);
  const back = await consent(started.consent, options.email);
  void fake;
  return finishSignIn(token, back, started.nonce);
}
