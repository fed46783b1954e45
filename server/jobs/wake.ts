import pg from "pg";
import { log } from "../log";

// Waking the worker when a job is queued. pg-boss finds jobs by polling (every 0.5 s at best), so
// a report queued just after a poll waited up to half a second before any work began: most of a
// short report's time. Whoever queues a job also sends a PostgreSQL NOTIFY on this channel with
// the queue's name (inside the queuing transaction when there is one: it is delivered at commit,
// so the worker never wakes before the job is visible); the worker LISTENs on a connection of its
// own and tells that queue's pg-boss workers to fetch now. Polling stays as the fallback (a lost
// notification, a worker that was reconnecting), so nothing depends on a NOTIFY arriving.

export const WAKE_CHANNEL = "funnelwise_jobs";

/** SQL that wakes the workers of a queue: run it where the job was queued (same transaction when there is one). */
export const WAKE_SQL = "select pg_notify($1, $2)";

const RECONNECT_MS = 1_000;

/**
 * Listens for queued jobs and calls `onQueued(name)` for each notification, reconnecting after a
 * lost connection (jobs queued meanwhile are found by polling).
 */
export function listenForQueuedJobs(
  databaseUrl: string,
  onQueued: (name: string) => void,
): { stop: () => Promise<void> } {
  let stopped = false;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;

  const connect = async () => {
    timer = null;
    if (stopped) return;
    const c = new pg.Client({ connectionString: databaseUrl });
    client = c;
    const retry = (error: unknown) => {
      if (client !== c) return;
      client = null;
      c.removeAllListeners();
      c.on("error", () => undefined);
      void c.end().catch(() => undefined);
      if (stopped) return;
      log("warn", "job wake-up listener lost its connection; reconnecting", { error: String(error) });
      timer = setTimeout(() => void connect(), RECONNECT_MS);
    };
    c.on("error", retry);
    c.on("end", () => retry("connection ended"));
    c.on("notification", (message) => {
      if (message.channel === WAKE_CHANNEL && message.payload) onQueued(message.payload);
    });
    try {
      await c.connect();
      await c.query(`listen ${WAKE_CHANNEL}`);
    } catch (error) {
      retry(error);
    }
  };
  void connect();

  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      if (c) {
        c.removeAllListeners();
        c.on("error", () => undefined);
        await c.end().catch(() => undefined);
      }
    },
  };
}
