import "server-only";
import { env } from "../../env";
import { listen, type Listener } from "../../db/listen";

// Waiting for a report to move, for GET /reports/{id}?wait=N. A trigger on `reports`
// (drizzle/0017_report_change_notify.sql) notifies this channel with the report's id whenever its
// status or progress changes; each web process listens once and wakes that report's waiters. A
// client then learns of a ready report the moment it is written instead of at its next poll, and
// a running report costs one waiting request per step instead of five polls a second.

export const REPORT_CHANNEL = "funnelwise_reports";
/** The longest a request waits (a proxy's idle timeout is often 30 s or more). */
export const MAX_REPORT_WAIT_SECONDS = 25;
/** A waiter re-reads the report this often even without a notification (one lost while reconnecting). */
const RECHECK_MS = 1_000;

let listener: Listener | null = null;
const waiters = new Map<string, Set<() => void>>();

/** Starts this process's listener (at boot, so the first waiter does not wait for it to connect). */
export function listenForReportChanges(): void {
  listener ??= listen(
    env().DATABASE_URL,
    REPORT_CHANNEL,
    (reportId) => {
      const woken = waiters.get(reportId);
      waiters.delete(reportId);
      for (const wake of woken ?? []) wake();
    },
    "report change listener",
  );
}

/** Stops this process's listener (tests; a stopped web process simply exits). */
export async function stopListeningForReportChanges(): Promise<void> {
  const current = listener;
  listener = null;
  await current?.stop();
}

/** The next notified change of a report, or `ms` later; registered at once, so no later change is missed. */
function nextChange(reportId: string, ms: number): { changed: Promise<void>; cancel: () => void } {
  let wake!: () => void;
  const changed = new Promise<void>((resolve) => (wake = resolve));
  const timer = setTimeout(() => wake(), Math.max(0, ms));
  const onChange = () => {
    clearTimeout(timer);
    wake();
  };
  let set = waiters.get(reportId);
  if (!set) waiters.set(reportId, (set = new Set()));
  set.add(onChange);
  const cancel = () => {
    clearTimeout(timer);
    const current = waiters.get(reportId);
    current?.delete(onChange);
    if (current?.size === 0) waiters.delete(reportId);
  };
  return { changed: changed.then(cancel), cancel };
}

/**
 * Reads the report (`read`) until its status or progress differ from `known`, or `waitMs` passed;
 * returns the last read. Each wait is registered before the read that it follows, so a change
 * between the two still wakes it.
 */
export async function readWhenChanged<R extends { status: string; progress: number }>(
  reportId: string,
  known: { status: string; progress: number },
  waitMs: number,
  read: () => Promise<R>,
): Promise<R> {
  listenForReportChanges();
  const deadline = Date.now() + waitMs;
  for (;;) {
    const next = nextChange(reportId, Math.min(RECHECK_MS, deadline - Date.now()));
    let report: R;
    try {
      report = await read();
    } catch (error) {
      next.cancel();
      throw error;
    }
    if (report.status !== known.status || report.progress !== known.progress || Date.now() >= deadline) {
      next.cancel();
      return report;
    }
    await next.changed;
  }
}
