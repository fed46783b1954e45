import "server-only";
import type { z } from "zod";
import { boss } from "./boss";
import type { JobContract } from "./define-job";

/** Validates the payload against the job's schema, then queues it with the job's retry policy. */
export async function enqueue<S extends z.ZodType>(
  job: JobContract<S>,
  payload: z.input<S>,
  /** A job with the same singletonKey already queued is not queued twice (null is returned). */
  options: { singletonKey?: string } = {},
): Promise<string | null> {
  const data = job.schema.parse(payload) as object;
  const instance = await boss();
  return instance.send(job.name, data, {
    retryLimit: job.retry.limit,
    retryDelay: job.retry.delaySeconds,
    retryBackoff: true,
    ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
  });
}

/** Queues many jobs of one kind in one statement (a tick's thousand deliveries), each validated. */
export async function enqueueMany<S extends z.ZodType>(job: JobContract<S>, payloads: z.input<S>[]): Promise<void> {
  if (payloads.length === 0) return;
  const instance = await boss();
  await instance.insert(
    payloads.map((payload) => ({
      name: job.name,
      data: job.schema.parse(payload) as object,
      retryLimit: job.retry.limit,
      retryDelay: job.retry.delaySeconds,
      retryBackoff: true,
    })),
  );
}
