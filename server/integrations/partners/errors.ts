import { PARTNER_MESSAGES as M } from "@/lib/constants/partner-messages";
import { AppError } from "../../errors";

// What can go wrong with a partner API, as typed errors carrying the user's message. `kind` lets
// the sync decide: a refused key waits for the configuration to change, quota and outages are
// retried later; nothing already imported is touched by any of them.

export type PartnerErrorKind = "key" | "notFound" | "quota" | "unavailable" | "malformed" | "request";

export class PartnerApiError extends AppError {
  constructor(
    readonly kind: PartnerErrorKind,
    status: number,
    message: string,
    /** The provider's own words, for the logs and the sync history. */
    readonly detail?: string,
  ) {
    super(status, message);
  }
}

export function partnerError(provider: string, status: number, detail?: string): PartnerApiError {
  if (status === 401 || status === 403) return new PartnerApiError("key", 502, M.keyRefused(provider), detail);
  if (status === 404) return new PartnerApiError("notFound", 502, M.notFound(provider), detail);
  if (status === 429) return new PartnerApiError("quota", 429, M.quota(provider), detail);
  if (status >= 500) return new PartnerApiError("unavailable", 503, M.unavailable(provider), detail);
  return new PartnerApiError("request", 502, M.refused(provider), detail);
}

export const partnerMalformed = (provider: string, detail: string) =>
  new PartnerApiError("malformed", 502, M.malformed(provider), detail);
export const partnerNotConfigured = (provider: string) => new PartnerApiError("key", 503, M.notConfigured(provider));
