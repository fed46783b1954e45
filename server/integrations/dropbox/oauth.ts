import "server-only";
import { env } from "../../env";
import { dropboxAuth } from "./client";
import { toDropboxError } from "./errors";
import { rewriteDropboxUrl } from "./fetch";

/**
 * The authorize URL for the code flow with PKCE and offline access (a refresh token). The caller
 * keeps `codeVerifier` (and `state`) until the callback, e.g. in a short-lived signed cookie.
 */
export async function dropboxAuthorizeUrl(input: {
  redirectUri: string;
  state: string;
}): Promise<{ url: string; codeVerifier: string }> {
  const auth = dropboxAuth();
  const url = (await auth.getAuthenticationUrl(
    encodeURIComponent(input.redirectUri),
    encodeURIComponent(input.state),
    "code",
    "offline",
    undefined,
    "none",
    true,
  )) as string;
  return { url: rewriteDropboxUrl(url, env().DROPBOX_API_URL), codeVerifier: auth.getCodeVerifier() };
}

export interface DropboxTokens {
  accessToken: string;
  refreshToken: string;
  accessTokenExpiresAt: Date;
  accountId: string;
}

/** Trades the callback's code (with the verifier from the authorize step) for tokens. */
export async function exchangeDropboxCode(input: {
  code: string;
  codeVerifier: string;
  redirectUri: string;
}): Promise<DropboxTokens> {
  const auth = dropboxAuth();
  auth.setCodeVerifier(input.codeVerifier);
  try {
    const res = await auth.getAccessTokenFromCode(
      encodeURIComponent(input.redirectUri),
      encodeURIComponent(input.code),
    );
    const r = res.result as {
      access_token: string;
      refresh_token: string;
      expires_in: number;
      account_id: string;
    };
    return {
      accessToken: r.access_token,
      refreshToken: r.refresh_token,
      accessTokenExpiresAt: new Date(Date.now() + r.expires_in * 1000),
      accountId: r.account_id,
    };
  } catch (error) {
    throw toDropboxError(error);
  }
}

/** A fresh access token from a stored refresh token. */
export async function refreshDropboxToken(
  refreshToken: string,
): Promise<{ accessToken: string; accessTokenExpiresAt: Date }> {
  const auth = dropboxAuth({ accessToken: "", refreshToken });
  try {
    await auth.refreshAccessToken();
  } catch (error) {
    throw toDropboxError(error);
  }
  return { accessToken: auth.getAccessToken(), accessTokenExpiresAt: auth.getAccessTokenExpiresAt() };
}
