import "server-only";
import { log } from "../../log";

// The SDK has no host option, so every Dropbox host is rewritten to one base URL when a fake is
// configured; and because the SDK does not retry, rate limits (429) and server errors (5xx) are
// retried here, where the request (including an upload's Buffer body) can be sent again unchanged.

const DROPBOX_HOSTS = [
  "https://api.dropboxapi.com/",
  "https://content.dropboxapi.com/",
  "https://notify.dropboxapi.com/",
  "https://www.dropbox.com/",
  "https://dropbox.com/",
];

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  /** First back-off; doubled after each failure, with up to 25 % jitter. */
  baseDelayMs: number;
  /** A Retry-After longer than this is not waited for here: the caller's job retry takes over. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 4, baseDelayMs: 500, maxDelayMs: 30_000 };

export function rewriteDropboxUrl(url: string, baseUrl: string | undefined): string {
  if (!baseUrl) return url;
  const host = DROPBOX_HOSTS.find((h) => url.startsWith(h));
  return host ? `${baseUrl.replace(/\/+$/, "")}/${url.slice(host.length)}` : url;
}

const retryable = (status: number) => status === 429 || status >= 500;

function delayFor(res: Response, attempt: number, policy: RetryPolicy): number {
  const retryAfter = Number(res.headers.get("retry-after"));
  if (Number.isFinite(retryAfter) && retryAfter > 0) return retryAfter * 1000;
  const exp = policy.baseDelayMs * 2 ** (attempt - 1);
  return exp + Math.random() * exp * 0.25;
}

export function dropboxFetch(baseUrl: string | undefined, policy: RetryPolicy = DEFAULT_RETRY): typeof fetch {
  return async (input, init) => {
    const url = rewriteDropboxUrl(input instanceof Request ? input.url : String(input), baseUrl);
    for (let attempt = 1; ; attempt++) {
      let res: Response;
      try {
        res = await fetch(url, init);
      } catch (error) {
        // Connection refused or reset: as transient as a 503.
        if (attempt >= policy.attempts) throw error;
        await new Promise((r) => setTimeout(r, policy.baseDelayMs * 2 ** (attempt - 1)));
        continue;
      }
      if (!retryable(res.status) || attempt >= policy.attempts) return res;
      const wait = delayFor(res, attempt, policy);
      if (wait > policy.maxDelayMs) return res;
      log("warn", "dropbox request retried", { status: res.status, attempt, waitMs: Math.round(wait) });
      await res.body?.cancel();
      await new Promise((r) => setTimeout(r, wait));
    }
  };
}
