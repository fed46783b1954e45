import "server-only";
import { and, eq, gt, isNull } from "drizzle-orm";
import { hashToken } from "../../auth/tokens";
import type { Tx } from "../../db/client";
import { db } from "../../db/client";
import { userTokens } from "../../db/schema";

type Kind = "confirmation" | "password_reset";

/** The unused, unexpired token row of that kind, or null. */
export async function findValidUserToken(token: string, kind: Kind) {
  const [row] = await db()
    .select()
    .from(userTokens)
    .where(
      and(
        eq(userTokens.tokenHash, hashToken(token)),
        eq(userTokens.kind, kind),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Marks the token used inside the caller's transaction. The `used_at is null` condition makes it
 * single-use even when two requests race: only one update returns a row.
 */
export async function consumeUserToken(tx: Tx, token: string, kind: Kind): Promise<{ userId: string } | null> {
  const [row] = await tx
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(userTokens.tokenHash, hashToken(token)),
        eq(userTokens.kind, kind),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: userTokens.userId });
  return row ?? null;
}
