import { GOOGLE_MESSAGES as M } from "@/lib/constants/messages";
import { AppError } from "../../errors";

// What can go wrong talking to Google, as typed errors carrying the user's message. `kind` lets the
// sync decide: a token error stops the source until the user reconnects; quota and outages are
// retried later; nothing already imported is touched by any of them.

export type GoogleErrorKind = "token" | "access" | "quota" | "unavailable" | "malformed" | "request";

export class GoogleApiError extends AppError {
  constructor(
    readonly kind: GoogleErrorKind,
    status: number,
    message: string,
    /** Google's own words, for the logs and the sync history. */
    readonly detail?: string,
  ) {
    super(status, message);
  }
}

export const googleTokenError = (detail?: string) => new GoogleApiError("token", 401, M.tokenExpired, detail);
export const googleAccessError = (detail?: string) => new GoogleApiError("access", 403, M.accessLost, detail);
export const googleQuotaError = (detail?: string) => new GoogleApiError("quota", 429, M.quotaExceeded, detail);
export const googleUnavailableError = (detail?: string) =>
  new GoogleApiError("unavailable", 503, M.unavailable, detail);
export const googleMalformedError = (detail?: string) =>
  new GoogleApiError("malformed", 502, M.malformedResponse, detail);

interface ErrorLike {
  code?: string | number;
  status?: number;
  message?: string;
  response?: { status?: number; data?: unknown };
}

/** Google's message from an error body: `{ error: { message } }`, or the OAuth `{ error, error_description }`. */
function googleDetail(data: unknown): string | undefined {
  if (!data || typeof data !== "object") return typeof data === "string" ? data.slice(0, 300) : undefined;
  const body = data as { error?: unknown; error_description?: string };
  if (typeof body.error === "string")
    return body.error_description ? `${body.error}: ${body.error_description}` : body.error;
  const inner = body.error as { message?: string; status?: string } | undefined;
  return inner?.message ? `${inner.status ?? ""} ${inner.message}`.trim() : undefined;
}

/** Turns what googleapis / gaxios / google-auth-library throw into a GoogleApiError. */
export function toGoogleError(error: unknown): GoogleApiError {
  if (error instanceof GoogleApiError) return error;
  const e = (error ?? {}) as ErrorLike;
  const status = e.response?.status ?? (typeof e.status === "number" ? e.status : undefined);
  const data = e.response?.data;
  const detail = googleDetail(data) ?? e.message;
  // A refresh the token endpoint refuses: revoked, expired, or the user changed their password.
  if ((data as { error?: unknown } | undefined)?.error === "invalid_grant" || /invalid_grant/.test(e.message ?? ""))
    return googleTokenError(detail);
  if (status === 401) return googleTokenError(detail);
  if (status === 403) return googleAccessError(detail);
  if (status === 429) return googleQuotaError(detail);
  if (status !== undefined && status >= 500) return googleUnavailableError(detail);
  if (status === undefined) return googleUnavailableError(detail ?? String(error)); // network: refused, reset, timeout
  return new GoogleApiError("request", 400, detail ?? "Google refused the request", detail);
}

/** 429, 5xx, network errors and unreadable bodies are worth another try; the rest never get better. */
export const isRetryable = (error: GoogleApiError) =>
  error.kind === "quota" || error.kind === "unavailable" || error.kind === "malformed";
