import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import { env } from "../env";
import * as schema from "./schema";

export type Database = NodePgDatabase<typeof schema>;
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type DbOrTx = Database | Tx;

// One pool per process. Next.js dev reloads modules, so keep it on globalThis.
const globalForDb = globalThis as unknown as { __funnelwisePool?: pg.Pool; __funnelwiseDb?: Database };

export function pool(): pg.Pool {
  if (!globalForDb.__funnelwisePool) {
    // Idle connections are kept a minute (pg's default: 10 s): a report reads on four at once, and
    // new connections (a backend each, its catalog caches cold) were a visible share of a short one.
    const created = new pg.Pool({ connectionString: env().DATABASE_URL, max: 10, idleTimeoutMillis: 60_000 });
    // An idle connection dropped by a database restart emits here; unheard, it would end the process.
    // The pool discards that connection and opens new ones when the database is back.
    created.on("error", (error) =>
      console.warn(JSON.stringify({ level: "warn", message: "idle database connection lost", error: error.message })),
    );
    globalForDb.__funnelwisePool = created;
  }
  return globalForDb.__funnelwisePool;
}

export function db(): Database {
  if (!globalForDb.__funnelwiseDb) globalForDb.__funnelwiseDb = drizzle(pool(), { schema });
  return globalForDb.__funnelwiseDb;
}

export async function closeDb(): Promise<void> {
  const p = globalForDb.__funnelwisePool;
  globalForDb.__funnelwisePool = undefined;
  globalForDb.__funnelwiseDb = undefined;
  await p?.end();
}
