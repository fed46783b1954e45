import "server-only";
import { createHash } from "node:crypto";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { MESSAGES } from "@/lib/constants/messages";
import { pool } from "../../db/client";
import { TooManyRequestsError } from "../../errors";

/**
 * Limits on the calls that send an email to an address the caller types (issue 60: five forgot-password calls were
 * five mails). Counted in PostgreSQL (rate-limiter-flexible, the login_limits table the login throttle uses), so
 * every web process shares them. Counted the same whether or not the address has an account: a 429 says nothing
 * about who has one.
 */
export const SEND_LIMITS = {
  /** Reset mails to one address: the newest link is the only one that works anyway. */
  resetPerEmail: { points: 3, duration: 60 * 60, message: MESSAGES.forgotPasswordRateLimited },
  /** Reset requests from one client address, for any addresses. */
  resetPerAddress: { points: 20, duration: 60 * 60, message: MESSAGES.forgotPasswordRateLimited },
  /** Invitations to one address, from any agency. */
  invitationPerEmail: { points: 5, duration: 24 * 60 * 60, message: MESSAGES.invitationRateLimited },
  /** Invitations one agency sends. */
  invitationPerAgency: { points: 100, duration: 60 * 60, message: MESSAGES.invitationRateLimited },
} as const;

export type SendLimit = keyof typeof SEND_LIMITS;

const limiters = new Map<SendLimit, RateLimiterPostgres>();

function limiter(kind: SendLimit): RateLimiterPostgres {
  let found = limiters.get(kind);
  if (!found) {
    const { points, duration } = SEND_LIMITS[kind];
    found = new RateLimiterPostgres({
      storeClient: pool(),
      storeType: "pool",
      tableName: "login_limits",
      tableCreated: true,
      keyPrefix: `send_${kind}`,
      points,
      duration,
    });
    limiters.set(kind, found);
  }
  return found;
}

// The store's key column is 255 characters; emails alone may be that long.
const hashed = (key: string) => createHash("sha256").update(key.trim().toLowerCase()).digest("hex");

/**
 * Counts `count` sends under each limit given; past any of them, 429 with Retry-After and the limit's message.
 * All limits are checked before any is counted, so a refused call uses up nothing.
 */
export async function consumeSendLimits(uses: { kind: SendLimit; key: string; count?: number }[]): Promise<void> {
  const states = await Promise.all(uses.map(({ kind, key }) => limiter(kind).get(hashed(key))));
  uses.forEach((use, i) => {
    const { points, message } = SEND_LIMITS[use.kind];
    const state = states[i];
    if (state && state.consumedPoints + (use.count ?? 1) > points) {
      throw new TooManyRequestsError(message, state.msBeforeNext / 1000);
    }
  });
  for (const use of uses) {
    try {
      await limiter(use.kind).consume(hashed(use.key), use.count ?? 1);
    } catch (error) {
      // A call at the same moment took the last one.
      if (error instanceof RateLimiterRes) {
        throw new TooManyRequestsError(SEND_LIMITS[use.kind].message, error.msBeforeNext / 1000);
      }
      throw error;
    }
  }
}
