import "server-only";
import { Dropbox, DropboxAuth } from "dropbox";
import { env } from "../../env";
import { dropboxFetch, type RetryPolicy } from "./fetch";

/** What the app keeps per connected user (encrypted at rest by the caller). */
export interface DropboxCredentials {
  accessToken: string;
  refreshToken?: string | null;
  accessTokenExpiresAt?: Date | null;
}

export interface DropboxClientOptions {
  /** Send calls to the team space root (business accounts), not the member's home folder. */
  rootNamespaceId?: string;
  retry?: RetryPolicy;
}

export function dropboxAuth(credentials?: DropboxCredentials, retry?: RetryPolicy): DropboxAuth {
  const { DROPBOX_APP_KEY, DROPBOX_APP_SECRET, DROPBOX_API_URL } = env();
  return new DropboxAuth({
    clientId: DROPBOX_APP_KEY,
    clientSecret: DROPBOX_APP_SECRET,
    accessToken: credentials?.accessToken,
    refreshToken: credentials?.refreshToken ?? undefined,
    accessTokenExpiresAt: credentials?.accessTokenExpiresAt ?? undefined,
    fetch: dropboxFetch(DROPBOX_API_URL, retry),
  });
}

/**
 * An SDK client for one user's stored tokens. With a refresh token the SDK renews an access token
 * that is about to expire before each call; read `auth.getAccessToken()` afterwards to store it.
 */
export function dropboxClient(credentials: DropboxCredentials, options: DropboxClientOptions = {}) {
  const auth = dropboxAuth(credentials, options.retry);
  const client = new Dropbox({
    auth,
    pathRoot: options.rootNamespaceId ? JSON.stringify({ ".tag": "root", root: options.rootNamespaceId }) : undefined,
  });
  return { client, auth };
}
