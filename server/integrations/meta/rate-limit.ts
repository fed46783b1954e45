import "server-only";
import { metaConfig } from "./config";

// Meta's usage headers, honoured per ad account (one process; each worker keeps its own view, which
// Meta's own numbers keep in step). x-business-use-case-usage gives, per account and use case, the
// percentages of call count, CPU time and total time used and `estimated_time_to_regain_access` in
// minutes once throttled; x-ad-account-usage gives `acc_id_util_pct` and `reset_time_duration` in
// seconds; x-app-usage the app's own percentages. From 90 % on, calls for that account wait until
// the window resets (or a minute), so the import slows down before Meta refuses it.

export type UsageHeaders = Record<string, unknown> | { get(name: string): unknown };

const SLOW_DOWN_PCT = 90;
const pausedUntil = new Map<string, number>();

function header(headers: UsageHeaders, name: string): unknown {
  const value =
    typeof (headers as { get?: unknown }).get === "function"
      ? (headers as { get(name: string): unknown }).get(name)
      : (headers as Record<string, unknown>)[name];
  if (typeof value !== "string") return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/**
 * Reads an answer's usage headers and pauses the account if they ask for it (or if the answer was a
 * throttle, for at least a minute). Returns the pause in milliseconds.
 */
export function pauseFromHeaders(accountId: string, headers: UsageHeaders | undefined, throttled = false): number {
  const minute = metaConfig().META_RATE_LIMIT_MINUTE_MS;
  let waitMs = throttled ? minute : 0;
  if (headers) {
    let highest = 0;
    const business = header(headers, "x-business-use-case-usage") as Record<string, unknown[]> | undefined;
    for (const entries of Object.values(business ?? {}))
      for (const entry of Array.isArray(entries) ? (entries as Record<string, number>[]) : []) {
        highest = Math.max(highest, entry.call_count ?? 0, entry.total_cputime ?? 0, entry.total_time ?? 0);
        if (entry.estimated_time_to_regain_access > 0)
          waitMs = Math.max(waitMs, entry.estimated_time_to_regain_access * minute);
      }
    const account = header(headers, "x-ad-account-usage") as Record<string, number> | undefined;
    if (account) {
      highest = Math.max(highest, account.acc_id_util_pct ?? 0);
      if (account.acc_id_util_pct >= SLOW_DOWN_PCT && account.reset_time_duration > 0)
        waitMs = Math.max(waitMs, (account.reset_time_duration / 60) * minute);
    }
    const app = header(headers, "x-app-usage") as Record<string, number> | undefined;
    if (app) highest = Math.max(highest, app.call_count ?? 0, app.total_cputime ?? 0, app.total_time ?? 0);
    if (highest >= SLOW_DOWN_PCT) waitMs = Math.max(waitMs, minute);
  }
  if (waitMs > 0) pausedUntil.set(accountId, Math.max(pausedUntil.get(accountId) ?? 0, Date.now() + waitMs));
  return waitMs;
}

/** Waits while the account is paused. */
export async function waitForAccount(accountId: string): Promise<void> {
  const until = pausedUntil.get(accountId) ?? 0;
  const wait = until - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  else pausedUntil.delete(accountId);
}

/** Tests start each case unpaused. */
export function resetMetaPauses(): void {
  pausedUntil.clear();
}
