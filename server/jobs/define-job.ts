import type { z } from "zod";

/**
 * What the web process needs to queue a job: its name, its payload schema and its retry policy.
 * Contracts import nothing heavier than zod, so sending a job never loads the code that runs it.
 */
export interface JobContract<S extends z.ZodType = z.ZodType> {
  name: string;
  schema: S;
  /** Retries with exponential backoff; handlers must be idempotent. */
  retry: { limit: number; delaySeconds: number };
  /**
   * How long one attempt may run before pg-boss counts it failed and retries it (default 15 min).
   * A worker killed mid-job holds it until then: keep it short for jobs that are short.
   */
  expireInSeconds?: number;
  /** How often an idle worker asks for this job (1 s; pg-boss's floor is 0.5 s). */
  pollingIntervalSeconds?: number;
  /**
   * pg-boss's queue policy. "stately": at most one queued and one running job per singletonKey
   * (a second send with the same key while one waits is dropped). Default: standard.
   */
  policy?: "standard" | "stately";
  /** A cron expression (UTC): the worker schedules the job itself (pg-boss keeps one schedule per name). */
  cron?: string;
}

/** A contract with the code that runs it: only the worker holds these. */
export interface JobHandler<S extends z.ZodType = z.ZodType> {
  contract: JobContract<S>;
  handle: (payload: z.output<S>, meta: { jobId: string }) => Promise<void>;
  /**
   * Run once when the worker starts: compiles hot code, so the first job is not slower than the rest. It awaits
   * `betweenSteps` before each step that keeps the thread busy, so that other jobs run meanwhile (run-worker.ts).
   */
  warmUp?: (betweenSteps: () => Promise<void>) => void | Promise<void>;
}

export function defineJobContract<S extends z.ZodType>(contract: JobContract<S>): JobContract<S> {
  return contract;
}

export function defineJobHandler<S extends z.ZodType>(
  contract: JobContract<S>,
  handle: JobHandler<S>["handle"],
  options: { warmUp?: JobHandler<S>["warmUp"] } = {},
): JobHandler<S> {
  return { contract, handle, ...options };
}
