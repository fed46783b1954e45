import "server-only";
import { DELIVERY_MESSAGES, MESSAGES } from "@/lib/constants/messages";
import { AppError } from "../../errors";

export type DropboxFailure = "token" | "path" | "unavailable" | "other";

/**
 * A Dropbox call that failed, in the words the spec gives the user. `failure` says what the caller
 * must do: "token" revokes the stored session, "unavailable" is worth retrying later, "path" and
 * "other" are final. Status 400 so the client shows the message without leaving the page.
 */
export class DropboxError extends AppError {
  constructor(
    readonly failure: DropboxFailure,
    message: string,
    /** Dropbox's own error_summary, kept for the logs and the run record. */
    readonly summary?: string,
  ) {
    super(failure === "unavailable" ? 503 : 400, message);
  }

  get retryable(): boolean {
    return this.failure === "unavailable";
  }
}

interface SdkError {
  status?: number;
  error?: { error_summary?: string; error?: unknown } | string;
}

/** Maps an SDK error (DropboxResponseError or a network failure) to what the user is told. */
export function toDropboxError(error: unknown): DropboxError {
  if (error instanceof DropboxError) return error;
  const e = error as SdkError;
  const body = typeof e.error === "object" && e.error ? e.error : undefined;
  const summary = body?.error_summary ?? (typeof e.error === "string" ? e.error.slice(0, 200) : undefined);
  // oauth2/token answers { error: "invalid_grant" } when a refresh token was revoked.
  const oauthError = (body as { error?: unknown } | undefined)?.error;
  if (e.status === 401 || oauthError === "invalid_grant")
    return new DropboxError("token", DELIVERY_MESSAGES.dropboxTokenInvalid, summary ?? String(oauthError));
  if (e.status === 409 && summary?.startsWith("path/"))
    return new DropboxError("path", DELIVERY_MESSAGES.dropboxPathError, summary);
  if (e.status === undefined || e.status === 429 || e.status >= 500)
    return new DropboxError("unavailable", DELIVERY_MESSAGES.dropboxUnavailable, summary ?? (error as Error)?.message);
  return new DropboxError("other", MESSAGES.internalError, summary);
}
