import "server-only";
// One API module rather than the whole googleapis package, which loads every Google API (about 110 MB).
import { OAuth2Client as GoogleOAuth2Client, type googleAuthLibrary } from "googleapis-common";
import { oauth2 as oauth2Api } from "googleapis/build/src/apis/oauth2";
import { GOOGLE_MESSAGES as M } from "@/lib/constants/messages";
import { appUrl } from "../../env";
import { AppError } from "../../errors";
import { googleConfig, GOOGLE_SCOPES } from "./config";
import { toGoogleError } from "./errors";
import { withRetry } from "./retry";

export type OAuth2Client = GoogleOAuth2Client;
type Credentials = googleAuthLibrary.Credentials;

export interface GoogleTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
  scope: string | null;
}

/** An OAuth2 client for our Google app, its endpoints following GOOGLE_OAUTH_URL. */
export function createOAuthClient(): OAuth2Client {
  const config = googleConfig();
  if (!config.GOOGLE_CLIENT_ID || !config.GOOGLE_CLIENT_SECRET) throw new AppError(503, M.notConfigured);
  return new GoogleOAuth2Client({
    clientId: config.GOOGLE_CLIENT_ID,
    clientSecret: config.GOOGLE_CLIENT_SECRET,
    redirectUri: config.GOOGLE_REDIRECT_URL ?? appUrl("/api/google-service/auth-code"),
    endpoints: { oauth2TokenUrl: config.tokenUrl, oauth2AuthBaseUrl: config.consentUrl },
  });
}

/** The consent page URL: offline access (a refresh token), the spec's scopes, our CSRF `state`. */
export function consentUrl(state: string, loginHint?: string): string {
  return createOAuthClient().generateAuthUrl({
    access_type: "offline",
    // Google only sends a refresh token on first consent unless asked again.
    prompt: "consent",
    include_granted_scopes: true,
    scope: GOOGLE_SCOPES,
    state,
    login_hint: loginHint,
  });
}

const toTokens = (credentials: Credentials): GoogleTokens => ({
  accessToken: credentials.access_token ?? "",
  refreshToken: credentials.refresh_token ?? null,
  expiresAt: credentials.expiry_date ? new Date(credentials.expiry_date) : null,
  scope: credentials.scope ?? null,
});

/** Trades the code Google sent back for tokens, and reads who signed in. */
export async function exchangeCode(
  code: string,
): Promise<{ tokens: GoogleTokens; email: string; name: string | null }> {
  const client = createOAuthClient();
  let credentials: Credentials;
  try {
    credentials = (await client.getToken(code)).tokens;
  } catch (error) {
    throw toGoogleError(error);
  }
  client.setCredentials(credentials);
  const oauth2 = oauth2Api({
    version: "v2",
    auth: client,
    rootUrl: googleConfig().GOOGLE_API_ROOT_URL,
    retry: false,
  });
  const info = await withRetry(() => oauth2.userinfo.get());
  return { tokens: toTokens(credentials), email: info.data.email ?? "", name: info.data.name ?? null };
}

/**
 * A client that signs requests with the stored tokens and refreshes the access token when it
 * expires; `onRefresh` receives new tokens so they can be stored. A refused refresh surfaces as a
 * GoogleApiError of kind "token" from the call that needed it.
 */
export function authorizedClient(tokens: GoogleTokens, onRefresh?: (tokens: GoogleTokens) => void): OAuth2Client {
  const client = createOAuthClient();
  client.setCredentials({
    access_token: tokens.accessToken,
    refresh_token: tokens.refreshToken ?? undefined,
    expiry_date: tokens.expiresAt?.getTime(),
  });
  if (onRefresh)
    client.on("tokens", (credentials) =>
      onRefresh(toTokens({ ...credentials, refresh_token: credentials.refresh_token ?? tokens.refreshToken })),
    );
  return client;
}
