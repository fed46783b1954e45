import "server-only";
import { eq } from "drizzle-orm";
import { decryptSecret, encryptSecret } from "../../../auth/encryption";
import { db } from "../../../db/client";
import { thirdPartySessions, type ThirdPartySession } from "../../../db/schema";
import { authorizedClient, type OAuth2Client } from "../../../integrations/google/auth";
import { googleTokenError } from "../../../integrations/google/errors";

export const GOOGLE_SESSION_TYPE = "google";

/**
 * An authorized Google client for a stored sign-in. Tokens are decrypted here only, and a refreshed
 * access token is written back (encrypted) so the next run does not refresh again.
 */
export async function googleClientFor(
  sessionId: string | null,
): Promise<{ auth: OAuth2Client; session: ThirdPartySession }> {
  if (!sessionId) throw googleTokenError("the data source has no Google sign-in");
  const [session] = await db().select().from(thirdPartySessions).where(eq(thirdPartySessions.id, sessionId));
  if (!session || session.revokedAt || session.type !== GOOGLE_SESSION_TYPE)
    throw googleTokenError("the Google sign-in was removed");
  const auth = authorizedClient(
    {
      accessToken: decryptSecret(session.accessTokenEncrypted),
      refreshToken: session.refreshTokenEncrypted ? decryptSecret(session.refreshTokenEncrypted) : null,
      expiresAt: session.expiresAt,
      scope: null,
    },
    (tokens) => {
      void db()
        .update(thirdPartySessions)
        .set({
          accessTokenEncrypted: encryptSecret(tokens.accessToken),
          ...(tokens.refreshToken ? { refreshTokenEncrypted: encryptSecret(tokens.refreshToken) } : {}),
          expiresAt: tokens.expiresAt,
        })
        .where(eq(thirdPartySessions.id, session.id))
        .catch(() => undefined); // a lost write only costs one more refresh next time
    },
  );
  return { auth, session };
}
