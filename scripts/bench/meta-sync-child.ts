/**
 * Runs one Meta Ads source's sync in its own process, as the worker would, and prints its duration,
 * rows and the process's peak RSS as JSON. Spawned by scripts/bench/meta.ts, so that the fake Graph
 * API's memory and CPU are not counted in the worker's.
 */
import { syncPartnerSource } from "../../server/services/data-sources/sync/partners/run-partner-sync";
import { closeDb } from "../../server/db/client";

const [dataSourceId, today] = process.argv.slice(2);
const started = performance.now();
const outcome = await syncPartnerSource(dataSourceId, { today });
const ms = performance.now() - started;
await closeDb();
console.log(
  JSON.stringify({
    outcome: outcome.status,
    rows: outcome.status === "succeeded" ? outcome.rows : 0,
    error: outcome.status === "failed" ? outcome.error.detail : undefined,
    ms,
    // The sync process's own CPU (user and system): what the wall time is not, on a shared machine.
    cpuMs: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  }),
);
