import "server-only";
import { createHash } from "node:crypto";
import { RateLimiterPostgres, type RateLimiterRes } from "rate-limiter-flexible";
import { pool } from "../../db/client";
import { env } from "../../env";

/**
 * Login throttling with rate-limiter-flexible on PostgreSQL (table login_limits), so every web
 * process shares the counts. Failures are counted per account and address pair and per address:
 * a wrong password from one place slows that place down, never the account's owner elsewhere.
 *
 * - pair: after LOGIN_RATE_LIMIT_PER_EMAIL consecutive failures, each further failure blocks the
 *   pair for twice as long as the one before (1 s, 2 s, 4 s, ... up to the window). A success clears it.
 * - address: past LOGIN_RATE_LIMIT_PER_IP failures in the window, the address waits for the window's end.
 */
interface Limiters {
  pairFailures: RateLimiterPostgres;
  pairDelay: RateLimiterPostgres;
  addressFailures: RateLimiterPostgres;
}

const DAY_SECONDS = 24 * 60 * 60;
let limiters: Limiters | undefined;

function store(keyPrefix: string, points: number, duration: number): RateLimiterPostgres {
  return new RateLimiterPostgres({
    storeClient: pool(),
    storeType: "pool",
    tableName: "login_limits",
    tableCreated: true,
    keyPrefix,
    points,
    duration,
  });
}

function get(): Limiters {
  const { LOGIN_RATE_LIMIT_PER_IP, LOGIN_RATE_LIMIT_WINDOW_SECONDS } = env();
  limiters ??= {
    // Counts only: never "exceeded" in practice, it remembers consecutive failures for a day.
    pairFailures: store("login_pair_failures", 1_000_000, DAY_SECONDS),
    pairDelay: store("login_pair_delay", 1, DAY_SECONDS),
    addressFailures: store("login_address", LOGIN_RATE_LIMIT_PER_IP, LOGIN_RATE_LIMIT_WINDOW_SECONDS),
  };
  return limiters;
}

// The store's key column is 255 characters; emails alone may be that long.
const hashed = (...parts: string[]) => createHash("sha256").update(parts.join("\u0000")).digest("hex");

/** Seconds the caller must wait before trying this account from this address, or 0. */
export async function loginWaitSeconds(email: string, address: string): Promise<number> {
  const { pairDelay, addressFailures } = get();
  const [delay, byAddress] = await Promise.all([
    pairDelay.get(hashed(email, address)),
    addressFailures.get(hashed(address)),
  ]);
  const waits = [delay, byAddress]
    .filter((res): res is RateLimiterRes => res !== null && res.remainingPoints <= 0 && res.msBeforeNext > 0)
    .map((res) => res.msBeforeNext / 1000);
  return waits.length ? Math.max(...waits) : 0;
}

/** Counts a failed attempt; returns the seconds before the next attempt is allowed (0 if none). */
export async function recordLoginFailure(email: string, address: string): Promise<number> {
  const { LOGIN_RATE_LIMIT_PER_EMAIL: free, LOGIN_RATE_LIMIT_WINDOW_SECONDS: window } = env();
  const { pairFailures, pairDelay, addressFailures } = get();
  const pair = hashed(email, address);
  const failures = await pairFailures.penalty(pair, 1);
  await addressFailures.penalty(hashed(address), 1);
  const over = failures.consumedPoints - free;
  if (over <= 0) return 0;
  const seconds = Math.min(2 ** (over - 1), window);
  await pairDelay.block(pair, seconds);
  return seconds;
}

/** A successful login forgets the pair's failures (the address's count stays: it limits guessing across accounts). */
export async function clearLoginFailures(email: string, address: string): Promise<void> {
  const { pairFailures, pairDelay } = get();
  const pair = hashed(email, address);
  await Promise.all([pairFailures.delete(pair), pairDelay.delete(pair)]);
}
