import * as callbackRoute from "@/app/api/dropbox/callback/route";
import * as connectRoute from "@/app/api/dropbox/connect/route";
import { startDropboxFake, type DropboxFake } from "@/e2e/fakes/dropbox/server";
import { call } from "@/test/api";

// The Dropbox fake for API tests, and the connect flow as a browser runs it: our connect route
// sends it to Dropbox's consent page (the fake signs in as the chosen account and redirects back
// with a code), then to our callback with the state cookie the connect route set.

export const ACCOUNTS = {
  basic: "dbid:AAB-basic-0001",
  pro: "dbid:AAB-pro-0002",
  business: "dbid:AAB-business-0003",
} as const;

/** Starts the fake and points the app at it; call before anything reads the environment. */
export async function startDropboxForTests(): Promise<DropboxFake> {
  const fake = await startDropboxFake();
  process.env.DROPBOX_API_URL = fake.baseUrl;
  process.env.DROPBOX_APP_KEY = fake.appKey;
  delete process.env.DROPBOX_APP_SECRET; // PKCE: the server never needs the secret
  return fake;
}

export function stateCookie(headers: Headers): string {
  const set = headers.get("set-cookie") ?? "";
  const match = /funnelwise-dropbox-oauth=([^;]*)/.exec(set);
  if (!match) throw new Error(`no state cookie in ${set}`);
  return match[1];
}

export async function startConnect(token: string, next?: string) {
  const res = await call(connectRoute.GET, {
    path: `/api/dropbox/connect${next ? `?next=${encodeURIComponent(next)}` : ""}`,
    token,
  });
  return {
    res,
    location: res.headers.get("location") ?? "",
    cookie: res.status === 302 ? stateCookie(res.headers) : "",
  };
}

/** The fake's consent page: where it sends the browser back to (our callback, with code and state). */
export async function consent(fake: DropboxFake, authorizeUrl: string, accountId: string): Promise<URL> {
  fake.authorizeAs(accountId);
  const res = await fetch(authorizeUrl, { redirect: "manual" });
  return new URL(res.headers.get("location") ?? "");
}

export async function callback(token: string, back: URL, cookie: string | undefined) {
  return call(callbackRoute.GET, {
    path: `/api/dropbox/callback${back.search}`,
    token,
    headers: cookie === undefined ? {} : { cookie: `funnelwise-dropbox-oauth=${cookie}` },
  });
}

/** The whole flow; returns where the browser lands. */
export async function connectDropbox(fake: DropboxFake, token: string, accountId: string, next?: string) {
  const start = await startConnect(token, next);
  const back = await consent(fake, start.location, accountId);
  const res = await callback(token, back, start.cookie);
  return new URL(res.headers.get("location") ?? "");
}
