import "server-only";
import { premiumConfig } from "../premium/config";
import { malformed, premiumFetch } from "../premium/http";

// HubSpot OAuth 2 (authorization code): https://developers.hubspot.com/docs/api/oauth-quickstart-guide
// - consent:  GET  https://app.hubspot.com/oauth/authorize?client_id&redirect_uri&scope&state
// - tokens:   POST https://api.hubapi.com/oauth/v1/token (form: grant_type=authorization_code|refresh_token,
//             client_id, client_secret, redirect_uri, code | refresh_token)
//             -> { token_type: "bearer", access_token, refresh_token, expires_in }
// - who:      GET  https://api.hubapi.com/oauth/v1/access-tokens/{token} -> { hub_id, hub_domain, user, scopes }

export const PROVIDER = "HubSpot";
export const HUBSPOT_SCOPES = ["oauth", "crm.objects.deals.read"];

export interface HubSpotTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
}

export function hubspotAuthorizeUrl({ redirectUri, state }: { redirectUri: string; state: string }): string {
  const c = premiumConfig();
  const url = new URL(c.HUBSPOT_AUTH_URL);
  url.searchParams.set("client_id", c.HUBSPOT_CLIENT_ID ?? "");
  url.searchParams.set("redirect_uri", redirectUri);
  url.searchParams.set("scope", HUBSPOT_SCOPES.join(" "));
  url.searchParams.set("state", state);
  return url.toString();
}

async function tokenRequest(form: Record<string, string>): Promise<HubSpotTokens> {
  const c = premiumConfig();
  const { body } = await premiumFetch(PROVIDER, new URL("oauth/v1/token", c.HUBSPOT_API_URL), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      client_id: c.HUBSPOT_CLIENT_ID ?? "",
      client_secret: c.HUBSPOT_CLIENT_SECRET ?? "",
      ...form,
    }).toString(),
  });
  const t = body as { access_token?: unknown; refresh_token?: unknown; expires_in?: unknown };
  if (typeof t.access_token !== "string") throw malformed(PROVIDER, "token answer without access_token");
  return {
    accessToken: t.access_token,
    refreshToken: typeof t.refresh_token === "string" ? t.refresh_token : null,
    expiresAt: typeof t.expires_in === "number" ? new Date(Date.now() + t.expires_in * 1000) : null,
  };
}

export const exchangeHubSpotCode = ({ code, redirectUri }: { code: string; redirectUri: string }) =>
  tokenRequest({ grant_type: "authorization_code", redirect_uri: redirectUri, code });

export const refreshHubSpotToken = (refreshToken: string) =>
  tokenRequest({ grant_type: "refresh_token", refresh_token: refreshToken });

/** The portal (hub) the token opens, and who connected it. */
export async function hubspotTokenInfo(
  accessToken: string,
): Promise<{ hubId: string; hubDomain: string; user: string }> {
  const c = premiumConfig();
  const { body } = await premiumFetch(
    PROVIDER,
    new URL(`oauth/v1/access-tokens/${encodeURIComponent(accessToken)}`, c.HUBSPOT_API_URL),
  );
  const info = body as { hub_id?: unknown; hub_domain?: unknown; user?: unknown };
  if (info.hub_id === undefined) throw malformed(PROVIDER, "token information without hub_id");
  return { hubId: String(info.hub_id), hubDomain: String(info.hub_domain ?? ""), user: String(info.user ?? "") };
}
