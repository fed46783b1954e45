import type { z } from "zod";

export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  name: string;
  schema: S;
  /** Retries with exponential backoff; handlers must be idempotent. */
  retry: { limit: number; delaySeconds: number };
  /** How often an idle worker asks for this job (1 s; pg-boss's floor is 0.5 s). */
  pollingIntervalSeconds?: number;
  /** Run on this cron schedule (UTC) as well as on demand; the worker registers it with pg-boss. */
  cron?: string;
  handler: (payload: z.output<S>, meta: { jobId: string }) => Promise<void>;
}

export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}
