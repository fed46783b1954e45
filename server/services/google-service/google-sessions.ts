import "server-only";
import { and, desc, eq, isNull } from "drizzle-orm";
import { GOOGLE_MESSAGES as M } from "@/lib/constants/messages";
import type { Actor } from "../../auth/actor";
import { requireDataSourceAccess } from "../../auth/client-access";
import { encryptSecret } from "../../auth/encryption";
import { db } from "../../db/client";
import { thirdPartySessions, type ThirdPartySession } from "../../db/schema";
import { AppError, BadRequestError } from "../../errors";
import type { GoogleTokens } from "../../integrations/google/auth";
import { GoogleApiError, toGoogleError } from "../../integrations/google/errors";
import { GOOGLE_SESSION_TYPE, googleClientFor } from "../data-sources/sync/google-session";

// A user's Google sign-in, one per user: the tokens encrypted at rest (AES-256-GCM with
// ENCRYPTION_KEY), the Google account's email and when it was connected. Tokens never leave the
// server; the browser only ever sees the email and the date.

export interface GoogleAccountInfo {
  email: string;
  name: string | null;
  connectedAt: string;
}

export async function userGoogleSession(userId: string): Promise<ThirdPartySession | undefined> {
  const [row] = await db()
    .select()
    .from(thirdPartySessions)
    .where(
      and(
        eq(thirdPartySessions.userId, userId),
        eq(thirdPartySessions.type, GOOGLE_SESSION_TYPE),
        isNull(thirdPartySessions.revokedAt),
      ),
    )
    .orderBy(desc(thirdPartySessions.updatedAt))
    .limit(1);
  return row;
}

export function accountInfo(session: ThirdPartySession): GoogleAccountInfo {
  const info = session.additionalInfo as { email?: string; name?: string | null; connectedAt?: string };
  return {
    email: info.email ?? "",
    name: info.name ?? null,
    connectedAt: info.connectedAt ?? session.updatedAt.toISOString(),
  };
}

/**
 * Stores a new sign-in as the user's Google session, replacing the previous one in place (sources
 * that use it carry on with the new tokens). Google leaves the refresh token out when it was
 * granted before; the stored one is kept then.
 */
export async function saveGoogleSession(input: {
  actor: Actor;
  tokens: GoogleTokens;
  email: string;
  name: string | null;
}): Promise<ThirdPartySession> {
  const { actor, tokens } = input;
  const values = {
    accessTokenEncrypted: encryptSecret(tokens.accessToken),
    ...(tokens.refreshToken ? { refreshTokenEncrypted: encryptSecret(tokens.refreshToken) } : {}),
    expiresAt: tokens.expiresAt,
    additionalInfo: {
      email: input.email,
      name: input.name,
      connectedAt: new Date().toISOString(),
      scope: tokens.scope,
    },
    // Set explicitly: the sync compares it with the token-update-failed time.
    updatedAt: new Date(),
  };
  const existing = await userGoogleSession(actor.userId);
  if (existing) {
    const [row] = await db()
      .update(thirdPartySessions)
      .set(values)
      .where(eq(thirdPartySessions.id, existing.id))
      .returning();
    return row;
  }
  const [row] = await db()
    .insert(thirdPartySessions)
    .values({ agencyId: actor.agencyId, userId: actor.userId, type: GOOGLE_SESSION_TYPE, ...values })
    .returning();
  return row;
}

/** The Google error as the wizard's API answers it: never a 401 (that would log the user out of the app). */
export function listingError(raw: unknown): AppError {
  if (raw instanceof AppError && !(raw instanceof GoogleApiError)) return raw;
  const error = toGoogleError(raw);
  if (error.kind === "token") return new BadRequestError(error.message, { google: error.message });
  if (error.kind === "access") return new AppError(403, error.message);
  if (error.kind === "quota") return new AppError(429, error.message, undefined, { "Retry-After": "60" });
  if (error.kind === "request") return new BadRequestError(error.message);
  return new AppError(502, error.message);
}

/**
 * The Google client the wizard lists with: the caller's own sign-in, or, with a data source id, that
 * source's sign-in (reconnecting or editing a colleague's source). The source is looked up within
 * the caller's agency and clients, so another agency's id is a 404.
 */
export async function googleClientForCaller(actor: Actor, dataSourceId?: string) {
  let sessionId: string | null | undefined;
  if (dataSourceId) {
    const access = await requireDataSourceAccess(actor, dataSourceId, "datasource:view");
    sessionId = access.dataSource.thirdPartySessionId;
  } else {
    sessionId = (await userGoogleSession(actor.userId))?.id;
  }
  if (!sessionId) throw new BadRequestError(M.signInRequired, { google: M.signInRequired });
  try {
    return (await googleClientFor(sessionId)).auth;
  } catch (error) {
    throw listingError(error);
  }
}

/** Runs one Google call for the wizard, turning Google's failures into the API's answers. */
export async function withGoogle<T>(
  actor: Actor,
  dataSourceId: string | undefined,
  call: (auth: Awaited<ReturnType<typeof googleClientForCaller>>) => Promise<T>,
): Promise<T> {
  const auth = await googleClientForCaller(actor, dataSourceId);
  try {
    return await call(auth);
  } catch (error) {
    throw listingError(error);
  }
}
