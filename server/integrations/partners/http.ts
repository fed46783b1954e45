import "server-only";
import { partnerConfig } from "./config";
import { partnerError, partnerMalformed, PartnerApiError } from "./errors";

const TIMEOUT_MS = 30_000;

/** The provider's error text: Semrush `{ error: { message } }`, Similarweb `{ meta: { error_message } }`, or text. */
function detailOf(text: string): string {
  try {
    const body = JSON.parse(text) as { error?: { message?: string } | string; meta?: { error_message?: string } };
    if (typeof body.error === "string") return body.error;
    return body.error?.message ?? body.meta?.error_message ?? text.slice(0, 300);
  } catch {
    return text.slice(0, 300);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * GETs JSON from a partner API, retrying 429 and 5xx (and network failures) with exponential
 * backoff and jitter; other statuses and unreadable bodies fail at once, as typed errors.
 */
export async function getPartnerJson(provider: string, url: URL): Promise<unknown> {
  const { PARTNER_RETRY_BASE_MS: base, PARTNER_RETRY_ATTEMPTS: attempts } = partnerConfig();
  let last: PartnerApiError | undefined;
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (attempt > 0) await sleep(Math.random() * Math.min(60_000, base * 2 ** attempt));
    let res: Response;
    try {
      res = await fetch(url, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      last = partnerError(provider, 503, String(error));
      continue;
    }
    const text = await res.text();
    if (!res.ok) {
      last = partnerError(provider, res.status, detailOf(text));
      if (res.status === 429 || res.status >= 500) continue;
      throw last;
    }
    try {
      return JSON.parse(text);
    } catch {
      throw partnerMalformed(provider, `not JSON: ${text.slice(0, 80)}`);
    }
  }
  throw last!;
}
