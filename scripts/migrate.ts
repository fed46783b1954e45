/** `npm run db:migrate`: applies pending migrations to DATABASE_URL (used by deployments). */
import { loadDotEnv } from "./lib/local-env";
import { runMigrations } from "../server/db/migrate";

loadDotEnv();
if (!process.env.DATABASE_URL) {
  console.error("DATABASE_URL: missing (required)");
  process.exit(1);
}
await runMigrations(process.env.DATABASE_URL);
console.log("Migrations applied");
