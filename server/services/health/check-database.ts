import "server-only";
import { sql } from "drizzle-orm";
import { db } from "../../db/client";

/** GET /api/health: succeeds when this process can reach PostgreSQL (docker-compose health checks). */
export async function checkDatabase() {
  await db().execute(sql`select 1`);
  return { status: "ok" };
}
