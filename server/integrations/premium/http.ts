import "server-only";
import { PARTNER_MESSAGES as PM } from "@/lib/constants/partner-messages";
import { PREMIUM_MESSAGES as M } from "@/lib/constants/premium-sources";
import { PartnerApiError } from "../partners/errors";
import { premiumConfig } from "./config";

// HTTP for the premium sources' APIs. Failures are the partner sources' typed errors, so the sync
// (run-partner-sync.ts) records and retries them the same way: a refused token waits for the user
// to connect again; quota (429) and outages (5xx) are retried here with backoff, then by the job.

const TIMEOUT_MS = 30_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The provider's words: HubSpot `{ status, message, category }`, Shopify `{ errors }` (text or fields). */
export function errorDetail(text: string): string {
  try {
    const body = JSON.parse(text) as { message?: string; category?: string; errors?: unknown; error?: unknown };
    if (typeof body.message === "string") return body.category ? `${body.category}: ${body.message}` : body.message;
    if (typeof body.errors === "string") return body.errors;
    if (body.errors) return JSON.stringify(body.errors).slice(0, 300);
    if (typeof body.error === "string") return body.error;
  } catch {
    // not JSON
  }
  return text.slice(0, 300);
}

export function premiumError(provider: string, status: number, detail?: string): PartnerApiError {
  if (status === 401 || status === 403) return new PartnerApiError("key", 502, M.accessRevoked(provider), detail);
  if (status === 404) return new PartnerApiError("notFound", 502, PM.notFound(provider), detail);
  if (status === 429) return new PartnerApiError("quota", 429, PM.quota(provider), detail);
  if (status >= 500) return new PartnerApiError("unavailable", 503, PM.unavailable(provider), detail);
  return new PartnerApiError("request", 502, PM.refused(provider), detail);
}

export interface JsonAnswer {
  body: unknown;
  headers: Headers;
}

/**
 * Sends one API request, retrying 429, 5xx and network failures with exponential backoff and
 * jitter; other statuses and unreadable bodies fail at once as typed errors.
 */
export async function premiumFetch(provider: string, url: URL, init: RequestInit = {}): Promise<JsonAnswer> {
  const { PREMIUM_RETRY_BASE_MS: base, PREMIUM_RETRY_ATTEMPTS: attempts } = premiumConfig();
  let last: PartnerApiError | undefined;
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (attempt > 0) await sleep(Math.random() * Math.min(60_000, base * 2 ** attempt));
    let res: Response;
    try {
      res = await fetch(url, {
        ...init,
        headers: { accept: "application/json", ...(init.headers as Record<string, string>) },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      last = premiumError(provider, 503, String(error));
      continue;
    }
    const text = await res.text();
    if (!res.ok) {
      last = premiumError(provider, res.status, errorDetail(text));
      if (res.status === 429 || res.status >= 500) continue;
      throw last;
    }
    try {
      return { body: JSON.parse(text), headers: res.headers };
    } catch {
      throw new PartnerApiError("malformed", 502, PM.malformed(provider), `not JSON: ${text.slice(0, 80)}`);
    }
  }
  throw last!;
}

export const malformed = (provider: string, detail: string) =>
  new PartnerApiError("malformed", 502, PM.malformed(provider), detail);
