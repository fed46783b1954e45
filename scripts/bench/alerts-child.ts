/**
 * Runs the alert check of each project given, in its own process as the worker would (server/jobs/handlers/
 * check-project-alerts.ts), and prints each check's time as JSON. Spawned by scripts/bench/alerts.ts. The first
 * project warms the engine up (as the worker does before it takes jobs) and is not timed; each project is then
 * checked twice: the sync's check (alerts created, the report saved) and the next day's (nothing new).
 */
import { closeDb } from "../../server/db/client";
import { ensureDailyTotals } from "../../server/insights/data/daily-totals";
import { activeSources } from "../../server/insights/data/load-project-data";
import { startSegmentDetectorThread, stopSegmentDetectorThread } from "../../server/insights/parallel/segment-detector";
import { checkProjectAlerts } from "../../server/services/alerts/check-project-alerts";

const [through, ...projectIds] = process.argv.slice(2);
// The sync's own refresh-daily-totals job builds the rollups before the check runs.
for (const id of projectIds) await ensureDailyTotals((await activeSources(id)).map((s) => s.id));
// The worker's detection thread (its report warm-up starts it): the checks share their segments' detections with it.
// BENCH_ALERTS_INLINE=1: without it, to compare.
const threaded = process.env.BENCH_ALERTS_INLINE === "1" ? false : await startSegmentDetectorThread();
const [warm, ...timed] = projectIds;
await checkProjectAlerts(warm, { through });
const first: number[] = [];
const again: number[] = [];
let created = 0;
const phases: { loadMs: number; engineMs: number }[] = [];
for (const id of timed) {
  const a = await checkProjectAlerts(id, { through });
  first.push(a.ms);
  phases.push({ loadMs: a.loadMs ?? 0, engineMs: a.engineMs ?? 0 });
  created += a.created;
  const b = await checkProjectAlerts(id, { through });
  again.push(b.ms);
  if (b.created !== 0) throw new Error(`the second check of ${id} created ${b.created} alerts`);
}
await stopSegmentDetectorThread();
await closeDb();
console.log(JSON.stringify({ first, again, created, phases, threaded }));
