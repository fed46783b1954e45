import "server-only";
import { env } from "../../env";
import { listen, type Listener } from "../../db/listen";
import { isReportActive } from "@/lib/report-status";

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
 * While a report is still being made, a change (queued to running, more progress) is answered no
 * sooner than this after the request came: a short report is then answered once, when it is ready,
 * instead of at each of its steps (each answer and the next request took CPU from the worker making
 * it), and a long one still shows its progress four times a second. Ready or failed is answered at once.
 */
export const PROGRESS_ANSWER_MS = 250;

/**
 * Reads the report (`read`) until it differs from `known` (at once when it is no longer being
 * made, after PROGRESS_ANSWER_MS for a step while it still is), or `waitMs` passed; returns the last
 * read. Each wait is registered before the read that it follows, so a change between the two
 * still wakes it.
 */
export async function readWhenChanged<R extends { status: string; progress: number }>(
  reportId: string,
  known: { status: string; progress: number },
  waitMs: number,
  read: () => Promise<R>,
): Promise<R> {
  listenForReportChanges();
  const started = Date.now();
  const deadline = started + waitMs;
  const stepsFrom = Math.min(deadline, started + PROGRESS_ANSWER_MS);
  for (;;) {
    const next = nextChange(reportId, Math.min(RECHECK_MS, deadline - Date.now()));
    let report: R;
    try {
      report = await read();
    } catch (error) {
      next.cancel();
      throw error;
    }
    const moved = report.status !== known.status || report.progress !== known.progress;
    if (!isReportActive(report) || Date.now() >= deadline || (moved && Date.now() >= stepsFrom)) {
      next.cancel();
      return report;
    }
    if (moved) {
      // A step while the report is being made: answered once PROGRESS_ANSWER_MS have passed, or
      // sooner when the report is done meanwhile (its notification ends this wait).
      next.cancel();
      await nextChange(reportId, stepsFrom - Date.now()).changed;
      continue;
    }
    await next.changed;
  }
}
