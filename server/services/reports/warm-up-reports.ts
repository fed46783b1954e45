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
 * The engine on two synthetic projects (a level shift over 180 days, a season over 544) and a large client's project
 * (thousands of values, tens of watched series: warm-up-project.ts), three rounds: V8 optimises a function after
 * enough calls, and one round left the first real report at 2.5× a warm one. Each run is one step, so a worker can
 * take other jobs between them (run-worker.ts). The first round records the segment tasks it ran (into `tasks`), for
 * the detection thread's own warm-up.
 */
function engineWarmUpSteps(tasks: SegmentTask[]): (() => void)[] {
  const makers = [
    () => generateProject(2, true).input,
    () => generateProject(5, true).input,
    () => largeWarmUpInput(3),
  ];
  const inputs: ReturnType<(typeof makers)[number]>[] = [];
  const recording: SegmentDetector = {
    start: (started) => {
      tasks.push(...started);
      return inlineSegmentDetector.start(started);
    },
  };
  return [0, 1, 2].flatMap((round) =>
    makers.map((make, i) => () => {
      inputs[i] ??= make();
      runEngine(inputs[i], { segmentDetector: round === 0 ? recording : inlineSegmentDetector });
    }),
  );
}

/**
 * Runs the engine's warm-up (engineWarmUpSteps) at once, so V8 has compiled its hot code before the first real
 * report: cold, the engine took 3-4× its warm time on the report bench (0.5-0.7 s more for a 30-day report); warmed,
 * about 1.4×. Returns the segment tasks it ran.
 */
export function warmUpReportEngine(): SegmentTask[] {
  const tasks: SegmentTask[] = [];
  for (const step of engineWarmUpSteps(tasks)) step();
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
 * catalog entries on first use). `betweenSteps` is awaited before each step that keeps the thread busy.
 */
export async function warmUpReports(betweenSteps: () => Promise<void> = async () => undefined): Promise<void> {
  // The segments' detection thread started (loading its code takes a moment) while the engine warms
  // up here, then warmed up on the same segments (its code is compiled apart from this thread's).
  const threadStarted = startSegmentDetectorThread();
  const tasks: SegmentTask[] = [];
  // Each engine run blocks this thread for a while (seconds on a loaded machine): between runs, the jobs that need
  // no warm-up (an email) are taken and finish, rather than waiting on the whole warm-up.
  for (const step of engineWarmUpSteps(tasks)) {
    await betweenSteps();
    step();
  }
  await betweenSteps();
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
  await betweenSteps();
  const rehearsed = await rehearseRecentReport();
  if (rehearsed) log("info", "report rehearsed", rehearsed);
}
