import { sql } from "drizzle-orm";
import { db } from "@/server/db/client";

// Tables a refused request may still write by design: failed logins are counted to limit them.
const WRITTEN_ON_FAILURE = new Set(["rate_limits", "login_limits"]);

let query: string | undefined;

/** Row counts of every application table, to prove a refused request wrote nothing. */
export async function rowCounts(): Promise<Record<string, number>> {
  if (!query) {
    const tables = await db().execute<{ tablename: string }>(
      sql`select tablename from pg_tables where schemaname = 'public' and tablename not like '\\_\\_%' order by 1`,
    );
    query = tables.rows
      .filter((t) => !WRITTEN_ON_FAILURE.has(t.tablename))
      .map((t) => `select '${t.tablename}' as t, count(*)::int as n from "${t.tablename}"`)
      .join(" union all ");
  }
  const rows = await db().execute<{ t: string; n: number }>(sql.raw(query));
  return Object.fromEntries(rows.rows.map((r) => [r.t, Number(r.n)]));
}

let digestQuery: string | undefined;

/** A digest of every application table's rows (counts miss an update): proof that a refused request changed nothing. */
export async function tableDigests(): Promise<Record<string, string>> {
  if (!digestQuery) {
    const tables = await db().execute<{ tablename: string }>(
      sql`select tablename from pg_tables where schemaname = 'public' and tablename not like '\\_\\_%' order by 1`,
    );
    digestQuery = tables.rows
      .filter((t) => !WRITTEN_ON_FAILURE.has(t.tablename))
      .map(
        (t) =>
          `select '${t.tablename}' as t, md5(coalesce(string_agg(r::text, ',' order by r::text), '')) as d from "${t.tablename}" r`,
      )
      .join(" union all ");
  }
  const rows = await db().execute<{ t: string; d: string }>(sql.raw(digestQuery));
  return Object.fromEntries(rows.rows.map((r) => [r.t, r.d]));
}
