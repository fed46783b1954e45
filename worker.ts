/** The job worker: `npm run worker` (npm start runs it for you). Any number can run side by side. */
import { parseEnv } from "./server/env";
import { runMigrations } from "./server/db/migrate";
import { runWorker } from "./server/jobs/run-worker";
import { closeDb } from "./server/db/client";

async function main() {
  const env = parseEnv(process.env);
  await runMigrations(env.DATABASE_URL);
  const worker = await runWorker();
  const stop = async () => {
    await worker.stop();
    await closeDb();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
