/**
 * Runs one data source sync in its own process, as the worker would, and prints its duration,
 * rows and the process's peak RSS as JSON. Spawned by scripts/bench/google.ts, so that the fake
 * Google server's memory is not counted in the worker's.
 */
import { syncDataSource } from "../../server/services/data-sources/sync/run-sync";
import { closeDb } from "../../server/db/client";

const [dataSourceId, today] = process.argv.slice(2);
const started = performance.now();
const outcome = await syncDataSource(dataSourceId, { today });
const ms = performance.now() - started;
await closeDb();
// resourceUsage().maxRSS is in kilobytes.
const peakRssMb = process.resourceUsage().maxRSS / 1024;
console.log(
  JSON.stringify({
    outcome: outcome.status,
    rows: outcome.status === "succeeded" ? outcome.rows : 0,
    startDate: outcome.status === "succeeded" ? outcome.startDate : null,
    endDate: outcome.status === "succeeded" ? outcome.endDate : null,
    ms,
    peakRssMb,
  }),
);
