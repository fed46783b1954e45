import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "../scripts/lib/embedded-postgres";
import { runMigrations } from "../server/db/migrate";

let database: EmbeddedDatabase | undefined;

/**
 * One real PostgreSQL for the whole run (TEST_DATABASE_URL, or an embedded cluster in .data/test-pg), with one
 * database per test worker: the migrated database is copied as a template, so the files of two workers never
 * see each other's rows while the files of one worker run one after another, as before.
 */
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
  const workers = Math.max(1, project.config.maxWorkers);
  project.provide("databaseUrls", await copiesFor(url, workers));
}

export async function teardown() {
  await database?.stop();
}

/** `count` databases made from the migrated one (dropped and copied again each run, so every run starts clean). */
async function copiesFor(url: string, count: number): Promise<string[]> {
  const name = new URL(url).pathname.slice(1);
  const at = (database: string) => {
    const target = new URL(url);
    target.pathname = `/${database}`;
    return target.toString();
  };
  // CREATE DATABASE runs outside the template (it must have no other connection); needs the CREATEDB right.
  const client = new pg.Client({ connectionString: at("postgres") });
  await client.connect();
  try {
    const urls: string[] = [];
    for (let i = 1; i <= count; i++) {
      const copy = `${name}_w${i}`;
      await client.query(`DROP DATABASE IF EXISTS "${copy}" WITH (FORCE)`);
      await client.query(`CREATE DATABASE "${copy}" TEMPLATE "${name}"`);
      urls.push(at(copy));
    }
    return urls;
  } finally {
    await client.end();
  }
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrls: string[];
  }
}
