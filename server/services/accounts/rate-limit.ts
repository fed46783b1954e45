import "server-only";
import { sql } from "drizzle-orm";
import { db } from "../../db/client";
import { rateLimits } from "../../db/schema";

/**
 * Counts one hit against `key` in a fixed window and returns whether the limit is exceeded.
 * One upsert: correct across any number of web processes sharing the database.
 */
export async function hitRateLimit(
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<{ limited: boolean; retryAfterSeconds: number }> {
  const rows = await db().execute<{ count: number; window_start: Date }>(sql`
    insert into ${rateLimits} (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when ${rateLimits.windowStart} < now() - make_interval(secs => ${windowSeconds}) then 1 else ${rateLimits.count} + 1 end,
      window_start = case when ${rateLimits.windowStart} < now() - make_interval(secs => ${windowSeconds}) then now() else ${rateLimits.windowStart} end
    returning count, window_start`);
  const row = rows.rows[0];
  const elapsed = (Date.now() - new Date(row.window_start).getTime()) / 1000;
  return { limited: row.count > limit, retryAfterSeconds: Math.max(1, windowSeconds - elapsed) };
}

export async function peekRateLimit(
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<{ limited: boolean; retryAfterSeconds: number }> {
  const rows = await db().execute<{ count: number; window_start: Date }>(sql`
    select count, window_start from ${rateLimits}
    where key = ${key} and window_start >= now() - make_interval(secs => ${windowSeconds})`);
  const row = rows.rows[0];
  if (!row) return { limited: false, retryAfterSeconds: 0 };
  const elapsed = (Date.now() - new Date(row.window_start).getTime()) / 1000;
  return { limited: row.count >= limit, retryAfterSeconds: Math.max(1, windowSeconds - elapsed) };
}

export async function clearRateLimit(key: string): Promise<void> {
  await db().execute(sql`delete from ${rateLimits} where key = ${key}`);
}
