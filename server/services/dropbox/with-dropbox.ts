import "server-only";
import { DELIVERY_MESSAGES } from "@/lib/constants/messages";
import { DROPBOX_MESSAGES } from "@/lib/constants/dropbox-messages";
import { AppError, BadRequestError } from "../../errors";
import { log } from "../../log";
import type { DropboxAccount } from "../../integrations/dropbox/account";
import type { DropboxCredentials } from "../../integrations/dropbox/client";
import { DropboxError } from "../../integrations/dropbox/errors";
import { refreshDropboxToken } from "../../integrations/dropbox/oauth";
import {
  accountOf,
  credentialsOf,
  requireDropboxSession,
  revokeSessionRow,
  storeRenewedToken,
} from "./dropbox-session";

// Every Dropbox call made for a user goes through here: the stored tokens are decrypted, an access
// token about to expire is renewed (and stored) first, and Dropbox's answers become the user's
// messages. A dead token (401) revokes the session, as the spec asks, so the screens offer to
// connect again instead of failing the same way on every try.

const RENEW_BEFORE_MS = 5 * 60_000;

type Account = Pick<DropboxAccount, "isTeam" | "rootNamespaceId" | "homePath">;

/** A failed Dropbox call as the API answers it: never 401 (that status logs the user out of the app). */
export function dropboxFailure(error: DropboxError): AppError {
  if (error.failure === "token" || error.failure === "path")
    return new BadRequestError(error.message, { dropbox: error.message });
  if (error.failure === "unavailable" && error.summary?.startsWith("too_many_requests"))
    return new AppError(429, DROPBOX_MESSAGES.rateLimited, undefined, { "Retry-After": "60" });
  if (error.failure === "unavailable") return new AppError(503, DELIVERY_MESSAGES.dropboxUnavailable);
  return new AppError(502, error.message);
}

export async function withDropbox<T>(
  userId: string,
  call: (credentials: DropboxCredentials, account: Account) => Promise<T>,
): Promise<T> {
  const session = await requireDropboxSession(userId);
  const account = accountOf(session);
  let credentials = credentialsOf(session);

  const renew = async () => {
    if (!credentials.refreshToken)
      throw new DropboxError("token", DELIVERY_MESSAGES.dropboxTokenInvalid, "no refresh token");
    const renewed = await refreshDropboxToken(credentials.refreshToken);
    await storeRenewedToken(session.id, renewed.accessToken, renewed.accessTokenExpiresAt);
    credentials = { ...credentials, ...renewed };
  };

  try {
    const expiresAt = credentials.accessTokenExpiresAt?.getTime();
    if (expiresAt !== undefined && expiresAt - Date.now() < RENEW_BEFORE_MS) await renew();
    try {
      return await call(credentials, account);
    } catch (error) {
      // Dropbox ended the access token early (our clock said it had time left): renew once.
      if (!(
        error instanceof DropboxError &&
        error.failure === "token" &&
        error.summary?.startsWith("expired_access_token")
      ))
        throw error;
      await renew();
      return await call(credentials, account);
    }
  } catch (error) {
    if (!(error instanceof DropboxError)) throw error;
    if (error.failure === "token") {
      await revokeSessionRow(session);
      log("warn", "dropbox session revoked", { sessionId: session.id, summary: error.summary });
    }
    throw dropboxFailure(error);
  }
}
