import { googleConfig } from "./config";
import { isRetryable, toGoogleError } from "./errors";

export interface RetryOptions {
  attempts?: number;
  baseMs?: number;
  maxMs?: number;
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Told of each retry (attempt from 1), for logs and tests. */
  onRetry?: (attempt: number, delayMs: number, error: Error) => void;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `call`, retrying on 429, 5xx, network errors and unreadable answers with exponential
 * backoff and full jitter (a random wait up to base × 2^attempt): many workers hitting one quota
 * spread out instead of retrying in step. Errors come out as GoogleApiError.
 */
export async function withRetry<T>(call: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const config = googleConfig();
  const attempts = options.attempts ?? config.GOOGLE_RETRY_ATTEMPTS;
  const base = options.baseMs ?? config.GOOGLE_RETRY_BASE_MS;
  const max = options.maxMs ?? 60_000;
  const random = options.random ?? Math.random;
  const sleep = options.sleep ?? defaultSleep;
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (raw) {
      const error = toGoogleError(raw);
      if (!isRetryable(error) || attempt >= attempts) throw error;
      const delay = Math.round(random() * Math.min(max, base * 2 ** attempt));
      options.onRetry?.(attempt, delay, error);
      await sleep(delay);
    }
  }
}
