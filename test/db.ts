import { sql } from "drizzle-orm";
import { db } from "@/server/db/client";

/** Empties every application table (not pg-boss's or the migrations'), so each test starts clean. */
export async function resetDatabase(): Promise<void> {
  await db().execute(sql`
    do $$ declare tables text;
    begin
      -- Every source's partition of observations goes (truncating data_sources does not drop them).
      select string_agg(format('%I.%I', n.nspname, c.relname), ', ') into tables
      from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_namespace n on n.oid = c.relnamespace
      where i.inhparent = 'public.observations'::regclass;
      if tables is not null then execute 'drop table ' || tables; end if;
      select string_agg(format('%I.%I', schemaname, tablename), ', ') into tables
      from pg_tables where schemaname = 'public';
      if tables is not null then execute 'truncate ' || tables || ' restart identity cascade'; end if;
      if to_regclass('pgboss.job') is not null then execute 'delete from pgboss.job'; end if;
    end $$;`);
}

/** Jobs queued under a name, newest first (the API queues emails; tests read their links here). */
export async function queuedJobs<T = Record<string, unknown>>(name: string): Promise<T[]> {
  const result = await db().execute<{ data: T }>(
    sql`select data from pgboss.job where name = ${name} order by created_on desc`,
  );
  return result.rows.map((r) => r.data);
}
