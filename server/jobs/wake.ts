import { listen, type Listener } from "../db/listen";

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

/**
 * Listens for queued jobs and calls `onQueued(name)` for each notification, reconnecting after a
 * lost connection (jobs queued meanwhile are found by polling).
 */
export function listenForQueuedJobs(databaseUrl: string, onQueued: (name: string) => void): Listener {
  return listen(databaseUrl, WAKE_CHANNEL, onQueued, "job wake-up listener");
}
