import "server-only";
import { eq } from "drizzle-orm";
import { PREMIUM_MESSAGES as M, PREMIUM_SOURCES, type PremiumIntegration } from "@/lib/constants/premium-sources";
import { decryptSecret, encryptSecret } from "../../auth/encryption";
import { db } from "../../db/client";
import { thirdPartySessions, type DataSource } from "../../db/schema";
import { refreshHubSpotToken } from "../../integrations/hubspot/oauth";
import { PartnerApiError } from "../../integrations/partners/errors";

/** Refresh a token this close to its expiry (HubSpot's access tokens live 30 minutes). */
const REFRESH_MARGIN_MS = 5 * 60 * 1000;

/**
 * The decrypted access token of a premium source's connection, refreshed (and stored again,
 * encrypted) when it is about to expire. A revoked connection or a refused refresh is the
 * "connect again" error, which the sync records on the source.
 */
export async function sourceAccessToken(source: DataSource, integration: PremiumIntegration): Promise<string> {
  const provider = PREMIUM_SOURCES[integration].provider;
  const [session] = source.thirdPartySessionId
    ? await db().select().from(thirdPartySessions).where(eq(thirdPartySessions.id, source.thirdPartySessionId))
    : [];
  if (!session || session.revokedAt) throw new PartnerApiError("key", 502, M.accessRevoked(provider));
  const fresh = !session.expiresAt || session.expiresAt.getTime() - Date.now() > REFRESH_MARGIN_MS;
  if (fresh || !session.refreshTokenEncrypted) return decryptSecret(session.accessTokenEncrypted);
  const tokens = await refreshHubSpotToken(decryptSecret(session.refreshTokenEncrypted));
  await db()
    .update(thirdPartySessions)
    .set({
      accessTokenEncrypted: encryptSecret(tokens.accessToken),
      ...(tokens.refreshToken ? { refreshTokenEncrypted: encryptSecret(tokens.refreshToken) } : {}),
      expiresAt: tokens.expiresAt,
    })
    .where(eq(thirdPartySessions.id, session.id));
  return tokens.accessToken;
}
