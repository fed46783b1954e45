import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import { DROPBOX_MESSAGES } from "@/lib/constants/dropbox-messages";
import { safeAppPath } from "@/lib/navigation/safe-app-path";
import { encryptSecret } from "../../auth/encryption";
import { hashToken } from "../../auth/tokens";
import { db } from "../../db/client";
import { oauthStates } from "../../db/schema";
import { appUrl, env } from "../../env";
import { BadRequestError } from "../../errors";
import { dropboxAuthorizeUrl } from "../../integrations/dropbox/oauth";
import type { ServiceContext } from "../context";
import { DROPBOX_SESSION_TYPE } from "./dropbox-session";

export const CONNECT_TTL_SECONDS = 10 * 60;
export const DEFAULT_RETURN_PATH = "/third-party-service";
export const dropboxRedirectUri = () => appUrl("/api/dropbox/callback");

/**
 * Starts a Dropbox connection: a random state and a PKCE verifier, kept server-side for ten
 * minutes and tied to the caller (the verifier encrypted, the state only as a hash), and the
 * authorize URL to send the browser to. The caller also puts the state in an httpOnly cookie, so
 * the callback proves it returns to the same browser that started.
 */
export async function startDropboxConnect({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { returnPath?: string };
}): Promise<{ url: string; state: string }> {
  if (!env().DROPBOX_APP_KEY) throw new BadRequestError(DROPBOX_MESSAGES.notConfigured);
  const state = randomBytes(32).toString("base64url");
  const redirectUri = dropboxRedirectUri();
  const { url, codeVerifier } = await dropboxAuthorizeUrl({ redirectUri, state });
  const now = new Date();
  await db()
    .delete(oauthStates)
    .where(and(eq(oauthStates.userId, ctx.actor.userId), lt(oauthStates.expiresAt, now)));
  await db()
    .insert(oauthStates)
    .values({
      userId: ctx.actor.userId,
      provider: DROPBOX_SESSION_TYPE,
      stateHash: hashToken(state),
      codeVerifierEncrypted: encryptSecret(codeVerifier),
      redirectUri,
      returnPath: safeAppPath(input.returnPath) ?? DEFAULT_RETURN_PATH,
      expiresAt: new Date(now.getTime() + CONNECT_TTL_SECONDS * 1000),
    });
  return { url, state };
}
