import "server-only";
import { premiumConfig } from "../premium/config";
import { malformed } from "../premium/http";
import { hubspotCall, hubspotClient, PROVIDER } from "./client";

// HubSpot OAuth 2 (authorization code): https://developers.hubspot.com/docs/api/oauth-quickstart-guide
// - consent:  GET  https://app.hubspot.com/oauth/authorize?client_id&redirect_uri&scope&state
// - tokens:   POST /oauth/v1/token (grant_type=authorization_code | refresh_token), the SDK's tokensApi
// - who:      GET  /oauth/v1/access-tokens/{token}, the SDK's accessTokensApi

export { PROVIDER };
export const HUBSPOT_SCOPES = ["oauth", "crm.objects.deals.read"];

export interface HubSpotTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
}

/** The consent page (HUBSPOT_AUTH_URL: the fake's in tests; the SDK's own builder knows only HubSpot's). */
export function hubspotAuthorizeUrl({ redirectUri, state }: { redirectUri: string; state: string }): string {
  const c = premiumConfig();
  const url = new URL(c.HUBSPOT_AUTH_URL);
  url.searchParams.set("client_id", c.HUBSPOT_CLIENT_ID ?? "");
  url.searchParams.set("redirect_uri", redirectUri);
  url.searchParams.set("scope", HUBSPOT_SCOPES.join(" "));
  url.searchParams.set("state", state);
  return url.toString();
}

async function tokenRequest(
  grant:
    | { grantType: "authorization_code"; code: string; redirectUri: string }
    | { grantType: "refresh_token"; refreshToken: string },
): Promise<HubSpotTokens> {
  const c = premiumConfig();
  const t = await hubspotCall(() =>
    hubspotClient().oauth.tokensApi.create(
      grant.grantType,
      grant.grantType === "authorization_code" ? grant.code : undefined,
      grant.grantType === "authorization_code" ? grant.redirectUri : undefined,
      c.HUBSPOT_CLIENT_ID,
      c.HUBSPOT_CLIENT_SECRET,
      grant.grantType === "refresh_token" ? grant.refreshToken : undefined,
    ),
  );
  if (typeof t.accessToken !== "string" || !t.accessToken)
    throw malformed(PROVIDER, "token answer without access_token");
  return {
    accessToken: t.accessToken,
    refreshToken: typeof t.refreshToken === "string" && t.refreshToken ? t.refreshToken : null,
    expiresAt: typeof t.expiresIn === "number" ? new Date(Date.now() + t.expiresIn * 1000) : null,
  };
}

export const exchangeHubSpotCode = ({ code, redirectUri }: { code: string; redirectUri: string }) =>
  tokenRequest({ grantType: "authorization_code", code, redirectUri });

export const refreshHubSpotToken = (refreshToken: string) => tokenRequest({ grantType: "refresh_token", refreshToken });

/** The portal (hub) the token opens, and who connected it. */
export async function hubspotTokenInfo(
  accessToken: string,
): Promise<{ hubId: string; hubDomain: string; user: string }> {
  const info = await hubspotCall(() => hubspotClient().oauth.accessTokensApi.get(accessToken));
  if (info.hubId === undefined || info.hubId === null) throw malformed(PROVIDER, "token information without hub_id");
  return { hubId: String(info.hubId), hubDomain: String(info.hubDomain ?? ""), user: String(info.user ?? "") };
}
