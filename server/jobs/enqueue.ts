import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Tx } from "../db/client";
import { boss } from "./boss";
import type { JobContract } from "./define-job";
import { WAKE_CHANNEL, WAKE_SQL } from "./wake";

/**
 * pg-boss runs its insert through this when a job is queued inside a transaction: the job exists
 * if and only if the transaction commits (a sign-up that fails leaves no email behind, and an
 * email that cannot be queued leaves no half-created agency).
 */
function inTransaction(tx: Tx) {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = parts.map((part, i) => (i % 2 ? sql`${values[Number(part) - 1] ?? null}` : sql.raw(part)));
      return tx.execute(sql.join(chunks));
    },
  };
}

/** Validates the payload against the job's schema, then queues it with the job's retry policy. */
export async function enqueue<S extends z.ZodType>(
  job: JobContract<S>,
  payload: z.input<S>,
  options: {
    /** A job with the same singletonKey already queued is not queued twice (null is returned). */
    singletonKey?: string;
    /** Queue the job as part of this transaction. */
    tx?: Tx;
  } = {},
): Promise<string | null> {
  const data = job.schema.parse(payload) as object;
  const instance = await boss();
  const via = options.tx ? inTransaction(options.tx) : undefined;
  const id = await instance.send(job.name, data, {
    retryLimit: job.retry.limit,
    retryDelay: job.retry.delaySeconds,
    retryBackoff: true,
    ...(job.expireInSeconds ? { expireInSeconds: job.expireInSeconds } : {}),
    ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
    ...(via ? { db: via } : {}),
  });
  if (id !== null) await wake(job.name, via);
  return id;
}

/**
 * Wakes the workers of the job's queue (wake.ts) instead of leaving the job to their next poll; in
 * a transaction the notification goes out at commit. A failed wake-up costs only the poll's delay.
 */
async function wake(name: string, via?: { executeSql: (text: string, values?: unknown[]) => Promise<unknown> }) {
  try {
    await (via ?? (await boss()).getDb()).executeSql(WAKE_SQL, [WAKE_CHANNEL, name]);
  } catch (error) {
    if (via) throw error; // the transaction is aborted anyway: let its caller see why
  }
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
  await wake(job.name);
}
