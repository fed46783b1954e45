import fs from "node:fs";
import { env } from "../env";
import { log } from "../log";
import { boss, stopBoss } from "./boss";
import { withJobLease } from "./job-lease";
import { recoverAbandonedJobs } from "./recover-abandoned-jobs";
import { listenForQueuedJobs } from "./wake";
import { jobHandlers } from "./worker-handlers";

const RECOVERY_INTERVAL_MS = Number(process.env.JOB_RECOVERY_INTERVAL_MS || 5_000);

/** Subscribes one handler per registered job; a payload that fails its schema fails the job. */
export async function runWorker(options: { warmUp?: boolean } = {}): Promise<{ stop: () => Promise<void> }> {
  const instance = await boss({ worker: true });
  const workerIds = new Map<string, string>();
  const running = jobsRunning();
  const subscribe = async ({ contract: definition, handle }: (typeof jobHandlers)[number]) => {
    // pg-boss keeps one cron entry per name; its leader election fires it once cluster-wide.
    if (definition.cron) await instance.schedule(definition.name, definition.cron, {}, { tz: "UTC" });
    const workerId = await instance.work(
      definition.name,
      { batchSize: 1, pollingIntervalSeconds: definition.pollingIntervalSeconds ?? 1 },
      async (jobs) => {
        for (const job of jobs) {
          const payload = definition.schema.parse(job.data);
          const started = Date.now();
          running.add(1);
          try {
            // The lease tells other workers this job is alive (see job-lease.ts).
            await withJobLease(job.id, () => handle(payload, { jobId: job.id }));
            log("info", "job done", { job: definition.name, jobId: job.id, ms: Date.now() - started });
          } catch (error) {
            log("error", "job failed", { job: definition.name, jobId: job.id, error: String(error) });
            throw error;
          } finally {
            running.add(-1);
          }
        }
      },
    );
    workerIds.set(definition.name, workerId);
  };
  const warmed = options.warmUp !== false;
  // Jobs with nothing to warm up (emails, deliveries) are taken at once: a worker started again after a crash takes
  // them within seconds, not after the report engine's warm-up (issue 60).
  for (const handler of jobHandlers) if (!(warmed && handler.warmUp)) await subscribe(handler);
  // A queued job wakes its queue's worker at once (wake.ts); polling stays as the fallback.
  const listener = listenForQueuedJobs(env().DATABASE_URL, (name) => {
    const id = workerIds.get(name);
    if (id) instance.notifyWorker(id);
  });
  // Hot code compiled before the first job rather than during it (each handler's warmUp), and
  // before the worker takes those jobs: a job queued meanwhile waits the same either way. The warm-up keeps this
  // thread busy for seconds, so it starts once the jobs already queued for the other queues (sent while no worker
  // ran, as after a crash) have been fetched and done, and gives way to any job between its steps.
  if (warmed) await running.quietFor(WARM_UP_AFTER_QUIET_MS);
  if (warmed)
    for (const handler of jobHandlers) {
      const { contract, warmUp } = handler;
      if (!warmUp) continue;
      const started = Date.now();
      try {
        await warmUp(running.idle);
        log("info", "job warmed up", { job: contract.name, ms: Date.now() - started });
      } catch (error) {
        log("warn", "warming up a job failed", { job: contract.name, error: String(error) });
      }
      await subscribe(handler);
    }
  log("info", "worker ready", { jobs: jobHandlers.map((h) => h.contract.name) });
  const heartbeat = startHeartbeat();
  // Jobs a dead worker left behind are retried at once, not after their expiry.
  const recover = () =>
    recoverAbandonedJobs(instance).catch((error: unknown) =>
      log("warn", "recovering abandoned jobs failed", { error: String(error) }),
    );
  await recover();
  const recovery = setInterval(() => void recover(), RECOVERY_INTERVAL_MS);
  return {
    stop: async () => {
      clearInterval(recovery);
      if (heartbeat) clearInterval(heartbeat);
      await listener.stop();
      await stopBoss();
    },
  };
}

/**
 * How long no job must have run before the warm-up starts: the first fetch of every queue subscribed so far (each
 * polls every second, and fetches at once when subscribed) has answered by then.
 */
const WARM_UP_AFTER_QUIET_MS = 1_000;

/** How many jobs this worker runs now, and waits for none to run. */
function jobsRunning() {
  let count = 0;
  let waiting: (() => void)[] = [];
  /** Resolves once no job runs, after letting what is pending on the event loop (a fetched job's start) run first. */
  const idle = () =>
    new Promise<void>((resolve) =>
      setImmediate(() => {
        if (count === 0) resolve();
        else waiting.push(resolve);
      }),
    );
  return {
    add(delta: number) {
      count += delta;
      if (count > 0) return;
      const resolved = waiting;
      waiting = [];
      for (const resolve of resolved) resolve();
    },
    idle,
    /** Resolves once no job has run for `ms`. */
    async quietFor(ms: number) {
      for (;;) {
        await idle();
        await new Promise((resolve) => setTimeout(resolve, ms));
        if (count === 0) return;
      }
    },
  };
}

/** With WORKER_HEARTBEAT_FILE set, touches that file every 15 s: a container health check reads its age. */
function startHeartbeat(): NodeJS.Timeout | undefined {
  const file = process.env.WORKER_HEARTBEAT_FILE;
  if (!file) return undefined;
  const beat = () => fs.writeFileSync(file, new Date().toISOString());
  beat();
  return setInterval(beat, 15_000);
}
