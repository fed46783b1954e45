import "server-only";
import type pg from "pg";
import { pool } from "../db/client";

/**
 * A job's lease is a PostgreSQL session advisory lock held, on a connection of its own, for as long
 * as the job runs. A worker that dies (SIGKILL, power loss) loses its connection, and PostgreSQL
 * releases the lock at once: any other worker can then tell a job abandoned from a job in progress,
 * without waiting for pg-boss's expiry.
 */
const KEY = "select hashtextextended($1, 7) as k";

export async function withJobLease<T>(jobId: string, run: () => Promise<T>): Promise<T> {
  const client = await pool().connect();
  try {
    await client.query(`select pg_advisory_lock((${KEY}))`, [jobId]);
    return await run();
  } finally {
    await client.query(`select pg_advisory_unlock((${KEY}))`, [jobId]).catch(() => undefined);
    client.release();
  }
}

/** Whether a live worker holds the job's lease (tries the lock on one session and gives it back). */
export async function isLeaseHeld(jobId: string, client?: pg.PoolClient): Promise<boolean> {
  const session = client ?? (await pool().connect());
  try {
    const { rows } = await session.query<{ got: boolean }>(`select pg_try_advisory_lock((${KEY})) as got`, [jobId]);
    if (rows[0].got) await session.query(`select pg_advisory_unlock((${KEY}))`, [jobId]);
    return !rows[0].got;
  } finally {
    if (!client) session.release();
  }
}
