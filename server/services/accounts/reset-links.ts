import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import { userTokens, users } from "../../db/schema";

// A password-reset link is good for one password change at most: issuing a new one ends the older ones (only the
// newest email works), and any change of the password, through a link or the profile, ends them all.

/** Ends every reset link of the user that is still usable (marked used: it then reads as invalid). */
export async function endResetLinks(conn: DbOrTx, userId: string): Promise<void> {
  await conn
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.kind, "password_reset"), isNull(userTokens.usedAt)));
}

/**
 * The one way a password changes: the new hash, every session ended (the session version moves on) and every reset
 * link ended, in the caller's transaction. Returns the user row as updated.
 */
export async function setPassword(tx: Tx, userId: string, passwordHash: string) {
  const [updated] = await tx
    .update(users)
    .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, userId))
    .returning();
  await endResetLinks(tx, userId);
  return updated;
}
