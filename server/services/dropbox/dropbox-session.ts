import "server-only";
import { and, desc, eq, isNull } from "drizzle-orm";
import { DROPBOX_MESSAGES } from "@/lib/constants/dropbox-messages";
import { decryptSecret, encryptSecret } from "../../auth/encryption";
import { db } from "../../db/client";
import { thirdPartySessions, type ThirdPartySession } from "../../db/schema";
import { BadRequestError } from "../../errors";
import type { DropboxAccount } from "../../integrations/dropbox/account";
import type { DropboxCredentials } from "../../integrations/dropbox/client";
import type { DropboxTokens } from "../../integrations/dropbox/oauth";

// A user's Dropbox connection is a row of the shared third-party session table (type "dropbox"):
// access and refresh tokens encrypted at rest, the spec's file-storage info (email, account type,
// root) as additional info. Tokens are decrypted on the server only, for one call at a time.

export const DROPBOX_SESSION_TYPE = "dropbox";

/** The file-storage info kept beside the tokens; the browser sees it, never the tokens. */
export interface DropboxSessionInfo {
  email: string;
  displayName: string;
  accountId: string;
  accountType: DropboxAccount["accountType"];
  isTeam: boolean;
  /** Namespace the team space is rooted at (the account's own for personal accounts). */
  root: string;
  homeNamespaceId: string;
  homePath: string;
  isActive: boolean;
  connectedAt: string;
}

export async function activeDropboxSession(userId: string): Promise<ThirdPartySession | undefined> {
  const [row] = await db()
    .select()
    .from(thirdPartySessions)
    .where(
      and(
        eq(thirdPartySessions.userId, userId),
        eq(thirdPartySessions.type, DROPBOX_SESSION_TYPE),
        isNull(thirdPartySessions.revokedAt),
      ),
    )
    .orderBy(desc(thirdPartySessions.updatedAt))
    .limit(1);
  return row;
}

export const sessionInfo = (session: ThirdPartySession) => session.additionalInfo as unknown as DropboxSessionInfo;

export function accountOf(session: ThirdPartySession): Pick<DropboxAccount, "isTeam" | "rootNamespaceId" | "homePath"> {
  const info = sessionInfo(session);
  return { isTeam: info.isTeam, rootNamespaceId: info.root, homePath: info.homePath };
}

export function credentialsOf(session: ThirdPartySession): DropboxCredentials {
  return {
    accessToken: decryptSecret(session.accessTokenEncrypted),
    refreshToken: session.refreshTokenEncrypted ? decryptSecret(session.refreshTokenEncrypted) : null,
    accessTokenExpiresAt: session.expiresAt,
  };
}

/**
 * Stores a new connection as the user's Dropbox session. An earlier one (another Dropbox account,
 * or the same one connected again) is revoked, so there is one live session per user.
 */
export async function saveDropboxSession(input: {
  userId: string;
  agencyId: string;
  tokens: DropboxTokens;
  account: DropboxAccount;
}): Promise<ThirdPartySession> {
  const { tokens, account } = input;
  const info: DropboxSessionInfo = {
    email: account.email,
    displayName: account.displayName,
    accountId: account.accountId,
    accountType: account.accountType,
    isTeam: account.isTeam,
    root: account.rootNamespaceId,
    homeNamespaceId: account.homeNamespaceId,
    homePath: account.homePath,
    isActive: true,
    connectedAt: new Date().toISOString(),
  };
  return db().transaction(async (tx) => {
    await tx
      .update(thirdPartySessions)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(thirdPartySessions.userId, input.userId),
          eq(thirdPartySessions.type, DROPBOX_SESSION_TYPE),
          isNull(thirdPartySessions.revokedAt),
        ),
      );
    const [row] = await tx
      .insert(thirdPartySessions)
      .values({
        agencyId: input.agencyId,
        userId: input.userId,
        type: DROPBOX_SESSION_TYPE,
        accessTokenEncrypted: encryptSecret(tokens.accessToken),
        refreshTokenEncrypted: encryptSecret(tokens.refreshToken),
        expiresAt: tokens.accessTokenExpiresAt,
        additionalInfo: info as unknown as Record<string, unknown>,
      })
      .returning();
    return row;
  });
}

export async function storeRenewedToken(sessionId: string, accessToken: string, expiresAt: Date): Promise<void> {
  await db()
    .update(thirdPartySessions)
    .set({ accessTokenEncrypted: encryptSecret(accessToken), expiresAt })
    .where(eq(thirdPartySessions.id, sessionId));
}

/** Ends a session for good: Dropbox said its tokens are dead, or the user disconnected it. */
export async function revokeSessionRow(session: ThirdPartySession): Promise<void> {
  await db()
    .update(thirdPartySessions)
    .set({
      revokedAt: new Date(),
      additionalInfo: { ...session.additionalInfo, isActive: false },
    })
    .where(and(eq(thirdPartySessions.id, session.id), isNull(thirdPartySessions.revokedAt)));
}

export async function requireDropboxSession(userId: string): Promise<ThirdPartySession> {
  const session = await activeDropboxSession(userId);
  if (!session) throw new BadRequestError(DROPBOX_MESSAGES.notConnected, { dropbox: DROPBOX_MESSAGES.notConnected });
  return session;
}
