import "server-only";
import { and, eq } from "drizzle-orm";
import type { DropboxConnectOutcome } from "@/lib/constants/dropbox-messages";
import { decryptSecret } from "../../auth/encryption";
import { hashToken } from "../../auth/tokens";
import { db } from "../../db/client";
import { oauthStates } from "../../db/schema";
import { log } from "../../log";
import { getDropboxAccount } from "../../integrations/dropbox/account";
import { DropboxError } from "../../integrations/dropbox/errors";
import { exchangeDropboxCode } from "../../integrations/dropbox/oauth";
import type { ServiceContext } from "../context";
import { DROPBOX_SESSION_TYPE, saveDropboxSession } from "./dropbox-session";
import { DEFAULT_RETURN_PATH } from "./start-connect";

export interface ConnectResult {
  outcome: DropboxConnectOutcome;
  returnPath: string;
  email?: string;
}

/**
 * Ends a Dropbox connection when Dropbox sends the browser back. The state is consumed whatever
 * happens next (one use). It must be one this user started, not expired, and the same as the
 * browser's cookie; then the code is exchanged with the stored verifier and the account read
 * (email, type, root) before anything is stored. Failures are outcomes for the page, not errors:
 * the browser is on a redirect, not in a fetch.
 */
export async function finishDropboxConnect({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { code?: string; state?: string; error?: string; cookieState?: string };
}): Promise<ConnectResult> {
  const [pending] = input.state
    ? await db()
        .delete(oauthStates)
        .where(and(eq(oauthStates.stateHash, hashToken(input.state)), eq(oauthStates.provider, DROPBOX_SESSION_TYPE)))
        .returning()
    : [];
  const fail = (outcome: DropboxConnectOutcome): ConnectResult => ({
    outcome,
    returnPath: pending && pending.userId === ctx.actor.userId ? pending.returnPath : DEFAULT_RETURN_PATH,
  });

  if (
    !pending ||
    pending.userId !== ctx.actor.userId ||
    pending.expiresAt.getTime() <= Date.now() ||
    !input.cookieState ||
    input.cookieState !== input.state
  ) {
    log("warn", "dropbox connect state refused", { txId: ctx.txId, found: Boolean(pending) });
    return fail("state-mismatch");
  }
  if (input.error || !input.code) return fail(input.error === "access_denied" ? "denied" : "failed");

  try {
    const tokens = await exchangeDropboxCode({
      code: input.code,
      codeVerifier: decryptSecret(pending.codeVerifierEncrypted),
      redirectUri: pending.redirectUri,
    });
    const account = await getDropboxAccount({
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      accessTokenExpiresAt: tokens.accessTokenExpiresAt,
    });
    await saveDropboxSession({ userId: ctx.actor.userId, agencyId: ctx.actor.agencyId, tokens, account });
    return { outcome: "connected", returnPath: pending.returnPath, email: account.email };
  } catch (error) {
    if (!(error instanceof DropboxError)) throw error;
    log("warn", "dropbox connect failed", { txId: ctx.txId, failure: error.failure, summary: error.summary });
    return fail(error.failure === "token" ? "token" : "failed");
  }
}
