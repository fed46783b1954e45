import "server-only";
import { sql, type SQL, type AnyColumn } from "drizzle-orm";

/**
 * An expression that updates a jsonb settings column in place, in the one UPDATE statement: keys
 * given a value are set, keys given null are removed (back to their default), keys left out and
 * keys other features keep there are untouched.
 */
export function mergeSettings(column: AnyColumn, input: Record<string, unknown>): SQL | null {
  const set: Record<string, unknown> = {};
  const remove: string[] = [];
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    if (value === null) remove.push(key);
    else set[key] = value;
  }
  if (Object.keys(set).length === 0 && remove.length === 0) return null;
  const merged = sql`(${column} || ${JSON.stringify(set)}::jsonb)`;
  return remove.length
    ? sql`${merged} ${sql.join(
        remove.map((key) => sql`- ${key}::text`),
        sql` `,
      )}`
    : merged;
}
