import type { z } from "zod";

export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  name: string;
  schema: S;
  /** Retries with exponential backoff; handlers must be idempotent. */
  retry: { limit: number; delaySeconds: number };
  handler: (payload: z.output<S>, meta: { jobId: string }) => Promise<void>;
}

export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}
