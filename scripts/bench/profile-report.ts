/**
 * `npx tsx --conditions=react-server scripts/bench/profile-report.ts [days] [compareTo]`: times each
 * phase of one report on the report bench's data left in .data/bench/pg by the last
 * `npm run bench -- report` (rollup check, each query with EXPLAIN ANALYZE, engine CPU), without
 * the app, so a slow phase shows by itself.
 */
import pg from "pg";
import { benchReportRequest, openBenchReportEngine } from "./last-bench-database";

const days = Number(process.argv[2] ?? 30);
const compareTo = (process.argv[3] ?? "previous_period") as "previous_period" | "previous_year";

async function main() {
  const { database, loadReportInput, runEngine, close } = await openBenchReportEngine();
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  try {
    const request = await benchReportRequest(db, days, compareTo);
    const { projectId, periodStart, periodEnd } = request;
    // The floor the bench compares with: one GROUP BY date scan of the rows the report reads.
    const { reportWindow } = await import("../../server/insights/data/window");
    const w = reportWindow(periodStart, periodEnd, compareTo);
    // The project's sources named as the report bench names them, read before the clock starts.
    const sources = (
      await db.query<{ id: string }>("select id from data_sources where project_id = $1", [projectId])
    ).rows.map((r) => r.id);
    let floor = Infinity;
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      await db.query(
        `select date, sum(sessions), sum(conversions), sum(revenue), sum(impressions), sum(clicks)
         from observations where data_source_id = any($1::uuid[]) and date between $2::date and $3::date group by date`,
        [sources, w.comparisonStart < w.periodStart ? w.comparisonStart : w.periodStart, periodEnd],
      );
      floor = Math.min(floor, performance.now() - started);
    }
    console.log(`floor: one GROUP BY date scan of the report's rows ${floor.toFixed(0)} ms`);
    {
      const { ensureDailyTotals } = await import("../../server/insights/data/daily-totals");
      const { activeSourceIds } = await import("../../server/insights/data/load-project-data");
      const t = performance.now();
      const rebuilt = await ensureDailyTotals(await activeSourceIds(projectId));
      console.log(`rollups: ${rebuilt} source(s) rebuilt in ${(performance.now() - t).toFixed(0)} ms`);
    }
    for (let run = 0; run < 3; run++) {
      let t = performance.now();
      const input = await loadReportInput(request);
      const load = performance.now() - t;
      const { activeSourceIds, loadProjectData } = await import("../../server/insights/data/load-project-data");
      const { loadSegmentDaily } = await import("../../server/insights/data/load-segment-daily");
      const { pickWatchedSegments } = await import("../../server/insights/data/pick-watched-segments");
      const { WATCHED_DIMENSIONS } = await import("../../server/insights/data/load-report-input");
      const { neededDimensions } = await import("../../server/insights/engine/applicable");
      const sourceIds = await activeSourceIds(projectId);
      let t1 = performance.now();
      const data = await loadProjectData({
        projectId: projectId,
        window: input.window,
        dimensions: [...new Set([...neededDimensions("ecommerce"), ...WATCHED_DIMENSIONS])],
        sourceIds,
      });
      const totals = performance.now() - t1;
      t1 = performance.now();
      const segments = pickWatchedSegments(data, WATCHED_DIMENSIONS);
      await loadSegmentDaily({
        projectId: projectId,
        sourceIds,
        dimensions: WATCHED_DIMENSIONS,
        segments,
        from: input.segmentDaily.from,
        to: input.segmentDaily.to,
      });
      console.log(
        `  totals ${totals.toFixed(0)} ms, segment daily ${(performance.now() - t1).toFixed(0)} ms (${segments.length} segments)`,
      );
      t = performance.now();
      const result = runEngine(input);
      const engine = performance.now() - t;
      console.log(
        `run ${run}: load ${load.toFixed(0)} ms, engine ${engine.toFixed(0)} ms, ${result.insights.length} insights, ${result.tests} tests, series ${input.segmentDaily.series.length}; top: ${result.insights[0]?.intentionKey}: ${result.insights[0]?.summary.slice(0, process.env.FULL ? 2000 : 120)}`,
      );
    }
  } finally {
    await db.end();
    await close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
