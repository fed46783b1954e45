import { db, type Database } from "./client";

/**
 * A query built and prepared once per database handle, for the queries every request runs (session,
 * access checks). Drizzle keeps its SQL text, and a named statement lets PostgreSQL parse it once per
 * connection and reuse its plan. Run it with `.execute({ ...placeholders })`.
 */
export function prepared<Q>(build: (database: Database) => Q): () => Q {
  const built = new WeakMap<Database, Q>();
  return () => {
    const database = db();
    let query = built.get(database);
    if (!query) {
      query = build(database);
      built.set(database, query);
    }
    return query;
  };
}
