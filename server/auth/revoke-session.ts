import "server-only";
import { lt } from "drizzle-orm";
import { db } from "../db/client";
import { revokedSessions } from "../db/schema";
import { decodeSessionToken, SESSION_MAX_AGE_SECONDS, type SessionClaims } from "./session-token";

/**
 * Ends the session a token belongs to, on the server: the same token (bearer or cookie) gets 401 on every
 * route afterwards and next-auth's session route does not renew it. Unknown or invalid tokens are a no-op.
 */
export async function revokeSession(token: string | undefined | null): Promise<void> {
  const claims = await decodeSessionToken(token);
  if (claims) await revokeSessionClaims(claims);
}

/** The same, from a token already decoded (next-auth's sign-out hands its event the decoded token). */
export async function revokeSessionClaims(claims: Pick<SessionClaims, "sid" | "exp">): Promise<void> {
  if (typeof claims.sid !== "string") return;
  const expiresAt = new Date((claims.exp ?? Date.now() / 1000 + SESSION_MAX_AGE_SECONDS) * 1000);
  await db().transaction(async (tx) => {
    await tx.insert(revokedSessions).values({ sessionId: claims.sid, expiresAt }).onConflictDoNothing();
    // Tokens past their expiry are refused anyway: their rows can go.
    await tx.delete(revokedSessions).where(lt(revokedSessions.expiresAt, new Date()));
  });
}
