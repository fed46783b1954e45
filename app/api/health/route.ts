import { sql } from "drizzle-orm";
import { db } from "@/server/db/client";
import { withPublic } from "@/server/http/route";

/** GET /api/health: 200 when the web process can reach PostgreSQL (used by docker-compose health checks). */
export const GET = withPublic(async () => {
  await db().execute(sql`select 1`);
  return { status: "ok" };
});
