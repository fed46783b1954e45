import "server-only";
import { pool } from "../../db/client";
import { log } from "../../log";
import { warmUpReportRead } from "../../insights/data/load-project-data";
import { warmUpSegmentDailyRead } from "../../insights/data/load-segment-daily";
import { runEngine } from "../../insights/engine/run-engine";
import { generateProject } from "../../insights/synthetic/generate-project";
import { largeWarmUpInput } from "../../insights/synthetic/warm-up-project";
import { startSegmentDetectorThread, warmUpSegmentDetectorThread } from "../../insights/parallel/segment-detector";
import {
  inlineSegmentDetector,
  type SegmentDetector,
  type SegmentTask,
} from "../../insights/engine/analyses/segment-detect";
import { rehearseRecentReport } from "./rehearse-report";

// A report worker's start: the engine, its detection thread and the report's connections warmed up before the first
// real report (server/jobs/handlers/generate-report.ts runs this as its warm-up).

/**
 * Runs the engine on two synthetic projects (a level shift over 180 days, a season over 544), so
 * V8 has compiled its hot code before the first real report: cold, the engine took 3-4× its warm
 * time on the report bench (0.5-0.7 s more for a 30-day report); warmed, about 1.4×. Returns the
 * segment tasks it ran, for the detection thread's own warm-up.
 */
export function warmUpReportEngine(): SegmentTask[] {
  // And a large client's project: thousands of values and tens of watched series (warm-up-project.ts).
  const inputs = [...[2, 5].map((seed) => generateProject(seed, true).input), largeWarmUpInput(3)];
  const tasks: SegmentTask[] = [];
  const recording: SegmentDetector = {
    start: (started) => {
      tasks.push(...started);
      return inlineSegmentDetector.start(started);
    },
  };
  // Three rounds: V8 optimises a function after enough calls; one round left the first real report at 2.5× a warm one.
  for (let round = 0; round < 3; round++)
    for (const input of inputs) runEngine(input, { segmentDetector: round === 0 ? recording : inlineSegmentDetector });
  return tasks;
}

/**
 * Connections a report reads on at once (load-project-data.ts: the daily totals, row counts, two queries per source;
 * then the segments' days).
 */
const REPORT_CONNECTIONS = 6;

/**
 * The engine and its segment detection thread warmed up, and the connections a report reads on
 * opened, each having looked at the rollup tables once (a new PostgreSQL backend loads a table's
 * catalog entries on first use).
 */
export async function warmUpReports(): Promise<void> {
  // The segments' detection thread started (loading its code takes a moment) while the engine warms
  // up here, then warmed up on the same segments (its code is compiled apart from this thread's).
  const threadStarted = startSegmentDetectorThread();
  const tasks = warmUpReportEngine();
  if (await threadStarted) await warmUpSegmentDetectorThread(tasks, 3);
  for (let round = 0; round < 3; round++) {
    await warmUpReportRead();
    await warmUpSegmentDailyRead();
  }
  const clients = await Promise.all(Array.from({ length: REPORT_CONNECTIONS }, () => pool().connect()));
  try {
    await Promise.all(
      clients.map((c) =>
        c.query(
          `select 1 from observation_daily_totals where data_source_id is null
           union all select 1 from observation_segment_daily where data_source_id is null
           union all select 1 from observation_segment_weekly where data_source_id is null
           union all select 1 from observation_segment_four_weekly where data_source_id is null`,
        ),
      ),
    );
  } finally {
    for (const c of clients) c.release();
  }
  // Last, once the connections are open and the thread is warm: a real project's report, not kept.
  const rehearsed = await rehearseRecentReport();
  if (rehearsed) log("info", "report rehearsed", rehearsed);
}
