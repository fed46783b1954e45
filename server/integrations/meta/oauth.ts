import "server-only";
import { metaConfig } from "./config";
import { metaError } from "./client";

// Facebook Login's code flow (the manual flow of Meta's "Manually Build a Login Flow"): the login
// dialog with `response_type=code` and our signed state, the code exchanged server-side for a user
// token, and that token exchanged for a long-lived one (about 60 days) that the sync keeps, encrypted.
// The SDK has no OAuth calls; these are plain Graph GETs on the same configured root.

const VERSION = "v24.0";
/** Reading ads, their insights and the ad accounts the user manages. */
export const META_SCOPES = ["ads_read", "business_management"];

export function metaAuthorizeUrl({ redirectUri, state }: { redirectUri: string; state: string }): string {
  const url = new URL(metaConfig().META_AUTH_URL);
  url.searchParams.set("client_id", metaConfig().META_APP_ID ?? "");
  url.searchParams.set("redirect_uri", redirectUri);
  url.searchParams.set("state", state);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("scope", META_SCOPES.join(","));
  return url.toString();
}

async function tokenRequest(params: Record<string, string>): Promise<{ accessToken: string; expiresAt: Date | null }> {
  const c = metaConfig();
  const url = new URL(`${VERSION}/oauth/access_token`, c.META_GRAPH_URL);
  for (const [k, v] of Object.entries({
    client_id: c.META_APP_ID ?? "",
    client_secret: c.META_APP_SECRET ?? "",
    ...params,
  }))
    url.searchParams.set(k, v);
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  } catch (error) {
    throw metaError({ name: "FacebookRequestError", status: null, response: null, message: String(error) });
  }
  const body = (await res.json().catch(() => null)) as {
    access_token?: string;
    expires_in?: number;
    error?: Record<string, unknown>;
  } | null;
  if (!res.ok || !body?.access_token)
    throw metaError({
      name: "FacebookRequestError",
      status: res.status,
      response: body?.error ?? { message: "no access_token in the answer" },
    });
  return {
    accessToken: body.access_token,
    expiresAt: body.expires_in ? new Date(Date.now() + body.expires_in * 1000) : null,
  };
}

/** The code of the login dialog's answer, exchanged for a long-lived user token. */
export async function exchangeMetaCode({ code, redirectUri }: { code: string; redirectUri: string }) {
  const short = await tokenRequest({ code, redirect_uri: redirectUri });
  return tokenRequest({ grant_type: "fb_exchange_token", fb_exchange_token: short.accessToken });
}
