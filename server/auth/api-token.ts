import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { db } from "../db/client";
import { prepared } from "../db/prepared";
import { agencies, apiTokens, users } from "../db/schema";
import type { Actor } from "./actor";

/** API tokens look like `fwk_` and 43 characters: the prefix tells them from session tokens (JWTs). */
export const API_TOKEN_PREFIX = "fwk_";

export const isApiToken = (token: string) => token.startsWith(API_TOKEN_PREFIX);
export const hashApiToken = (token: string) => createHash("sha256").update(token).digest("hex");

export function newApiToken(): string {
  return `${API_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
}

const tokenQuery = prepared((database) =>
  database
    .select({
      tokenId: apiTokens.id,
      userId: users.id,
      agencyId: users.agencyId,
      email: users.email,
      role: users.role,
      onboarding: users.onboarding,
      isScheduleAllowed: users.isScheduleAllowed,
      subscriptionStatus: agencies.subscriptionStatus,
      confirmedAt: agencies.confirmedAt,
      lastUsedAt: apiTokens.lastUsedAt,
    })
    .from(apiTokens)
    .innerJoin(users, and(eq(users.id, apiTokens.userId), eq(users.agencyId, apiTokens.agencyId)))
    .innerJoin(agencies, eq(agencies.id, apiTokens.agencyId))
    .where(and(eq(apiTokens.tokenHash, sql.placeholder("hash")), isNull(apiTokens.revokedAt)))
    .limit(1)
    .prepare("load_api_token_actor"),
);

/** How often a token's last use is written: a busy automation does not write on every call. */
const LAST_USED_EVERY_MS = 60_000;

/**
 * The actor an API token calls as: its maker, while they are an agency admin of a confirmed agency; null for an
 * unknown or revoked token, or one whose maker is no longer an admin.
 */
export async function loadApiTokenActor(token: string): Promise<Actor | null> {
  const [row] = await tokenQuery().execute({ hash: hashApiToken(token) });
  if (!row || row.role !== "agency" || !row.confirmedAt) return null;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > LAST_USED_EVERY_MS) {
    await db().update(apiTokens).set({ lastUsedAt: new Date() }).where(eq(apiTokens.id, row.tokenId));
  }
  return {
    userId: row.userId,
    agencyId: row.agencyId,
    email: row.email,
    role: row.role,
    isAgencyAdmin: true,
    onboarding: row.onboarding,
    isScheduleAllowed: row.isScheduleAllowed,
    subscriptionStatus: row.subscriptionStatus,
  };
}
