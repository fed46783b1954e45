/**
 * `node --cpu-prof --import tsx/esm --conditions=react-server scripts/bench/profile-engine.ts [days] [compareTo]
 * [runs]`: loads one report's input from the report bench's data (.data/bench/pg, left by the last
 * `npm run bench -- report`) once, then runs the engine `runs` times (8), printing each run's time
 * and the findings, so a CPU profile of the engine alone can be taken. WARM=1 warms the engine up first,
 * as the worker does when it starts.
 */
import { benchReportRequest, openBenchReportEngine } from "./last-bench-database";

const days = Number(process.argv[2] ?? 30);
const compareTo = (process.argv[3] ?? "previous_period") as "previous_period" | "previous_year";
const runs = Number(process.argv[4] ?? 8);

async function main() {
  const { pool, loadReportInput, runEngine, close } = await openBenchReportEngine();
  try {
    const request = await benchReportRequest(pool(), days, compareTo);
    const load = async () => loadReportInput(request);
    for (let i = 0; i < 2; i++) {
      const t = performance.now();
      await load();
      console.log(`load ${(performance.now() - t).toFixed(0)} ms`);
    }
    const input = await load();
    if (process.env.WARM) {
      // What the worker does at start (server/services/reports/warm-up-reports.ts).
      const { warmUpReportEngine } = await import("../../server/services/reports/warm-up-reports");
      const t = performance.now();
      warmUpReportEngine();
      console.log(`warm-up ${(performance.now() - t).toFixed(0)} ms`);
    }
    const cpu: number[] = [];
    for (let run = 0; run < runs; run++) {
      const t = performance.now();
      const c = process.cpuUsage();
      const result = runEngine(input);
      const used = process.cpuUsage(c);
      cpu.push((used.user + used.system) / 1000);
      console.log(
        `engine ${(performance.now() - t).toFixed(0)} ms (CPU ${cpu[run].toFixed(0)} ms): ${result.insights.length} insights, ${result.tests} tests; top: ${result.insights[0]?.intentionKey}: ${result.insights[0]?.summary.slice(0, 100)}`,
      );
      if (run === 0 && process.env.DUMP) {
        const fs = await import("node:fs");
        fs.writeFileSync(process.env.DUMP, JSON.stringify(result, null, 1));
      }
    }
    const warm = cpu.slice(1).sort((a, b) => a - b);
    console.log(`engine CPU: first run ${cpu[0].toFixed(0)} ms, warm median ${warm[warm.length >> 1]?.toFixed(0)} ms`);
  } finally {
    await close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
