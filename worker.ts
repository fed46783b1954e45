/** The job worker: `npm run worker` (npm start runs it for you). Any number can run side by side. */
import { parseEnv } from "./server/env";
import { runMigrations } from "./server/db/migrate";
import { runWorker } from "./server/jobs/run-worker";
import { closeDb } from "./server/db/client";
import v8 from "node:v8";

// V8 collects the old generation once it has grown to a dynamic factor (up to 4×) of what survived
// the last collection; a report worker's heap is mostly the garbage of the reports it made, so it
// grew to 250+ MB between collections and the worker's peak RSS reached 460-570 MB (target 512) on
// the report bench. Growing by at most 2.5× keeps it at 400 MB with the same report times (20-run
// medians 210-220 ms either way); 1.5× collected so often that the median rose to 245-260 ms.
v8.setFlagsFromString("--heap-growing-percent=150");

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
