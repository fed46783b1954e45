import type { Managed } from "./processes";

// `npm start` runs the web server and the job worker as children. One of them crashing (an out-of-memory kill, a
// native crash, a bug that exits) must not take the other, or the database, with it: the supervisor starts the one
// that exited again, after a pause that doubles while it keeps crashing soon after starting (so a process that cannot
// start does not spin a core), and says why in the log. Only Ctrl-C (SIGINT/SIGTERM to `npm start`) stops everything.

export interface BackoffPolicy {
  /** The pause before the first restart. */
  firstMs: number;
  /** The longest pause. */
  maxMs: number;
  /** A process that ran this long counts as healthy: its next crash restarts after `firstMs` again. */
  healthyAfterMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { firstMs: 500, maxMs: 30_000, healthyAfterMs: 60_000 };

/** The pause before restart number `attempt` (0-based, counted since the process last ran long enough). */
export function backoffDelay(attempt: number, policy: BackoffPolicy = DEFAULT_BACKOFF): number {
  return Math.min(policy.maxMs, policy.firstMs * 2 ** attempt);
}

export interface Supervised {
  name: string;
  /** The child running now (replaced at each restart). */
  current(): Managed;
  /** How many times it was started again. */
  restarts(): number;
  /** Stops restarting it; the caller then stops the child. */
  release(): void;
}

type LogLine = Record<string, unknown> & { message: string };

function logJson(line: LogLine): void {
  console.error(JSON.stringify({ level: "warn", time: new Date().toISOString(), source: "start", ...line }));
}

function describeExit(child: Managed["child"], code: number): string {
  if (child.signalCode) return `killed by ${child.signalCode}`;
  return `exited with code ${code}`;
}

/** Runs `start()` and starts it again whenever the process exits, until `release()`. */
export function supervise(
  name: string,
  start: () => Managed,
  options: { policy?: BackoffPolicy; log?: (line: LogLine) => void } = {},
): Supervised {
  const policy = options.policy ?? DEFAULT_BACKOFF;
  const log = options.log ?? logJson;
  let released = false;
  let restarts = 0;
  let attempt = 0;
  let current = start();
  let startedAt = Date.now();
  let timer: NodeJS.Timeout | undefined;

  const watch = (managed: Managed) => {
    void managed.exited.then((code) => {
      if (released) return;
      const ranMs = Date.now() - startedAt;
      if (ranMs >= policy.healthyAfterMs) attempt = 0;
      const delayMs = backoffDelay(attempt, policy);
      attempt += 1;
      log({
        message: `The ${name} process ${describeExit(managed.child, code)} after ${(ranMs / 1000).toFixed(1)} s; starting it again in ${(delayMs / 1000).toFixed(1)} s`,
        process: name,
        pid: managed.child.pid,
        code,
        signal: managed.child.signalCode,
        restartInMs: delayMs,
        restarts: restarts + 1,
      });
      timer = setTimeout(() => {
        timer = undefined;
        if (released) return;
        restarts += 1;
        current = start();
        startedAt = Date.now();
        log({
          message: `The ${name} process started again (pid ${current.child.pid})`,
          process: name,
          pid: current.child.pid,
          restarts,
        });
        watch(current);
      }, delayMs);
    });
  };
  watch(current);

  return {
    name,
    current: () => current,
    restarts: () => restarts,
    release() {
      released = true;
      if (timer) clearTimeout(timer);
    },
  };
}
