import path from "node:path";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "../scripts/lib/embedded-postgres";
import { runMigrations } from "../server/db/migrate";

let database: EmbeddedDatabase | undefined;

/** One real PostgreSQL for the whole run: TEST_DATABASE_URL, or an embedded cluster in .data/test-pg. */
export async function setup(project: TestProject) {
  let url = process.env.TEST_DATABASE_URL;
  if (!url) {
    database = await startEmbeddedPostgres({
      dataDir: path.resolve(process.env.TEST_PG_DIR || ".data/test-pg"),
      database: "funnelwise_test",
      fast: true,
    });
    url = database.url;
  }
  await runMigrations(url);
  project.provide("databaseUrl", url);
}

export async function teardown() {
  await database?.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}
