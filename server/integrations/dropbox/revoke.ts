import "server-only";
import { dropboxClient, type DropboxCredentials } from "./client";
import { toDropboxError } from "./errors";

/** Tells Dropbox to end the access token (disconnecting); a token that is already dead is not an error. */
export async function revokeDropboxToken(credentials: DropboxCredentials): Promise<void> {
  const { client } = dropboxClient(credentials, { retry: { attempts: 2, baseDelayMs: 200, maxDelayMs: 1_000 } });
  try {
    await client.authTokenRevoke();
  } catch (error) {
    const mapped = toDropboxError(error);
    if (mapped.failure !== "token") throw mapped;
  }
}
