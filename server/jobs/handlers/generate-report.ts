import "server-only";
import { eq } from "drizzle-orm";
import { db, pool } from "../../db/client";
import { clientProjects, insights, reports } from "../../db/schema";
import { log } from "../../log";
import {
  markReportFailed,
  markReportReady,
  markReportRunning,
  setReportProgress,
} from "../../services/reports/report-status";
import { queueReadyNotice } from "../../services/reports/report-ready-notice";
import { generateReportJob } from "../contracts/generate-report";
import { defineJobHandler } from "../define-job";
import { engineProjectOf, loadReportInput } from "../../insights/data/load-report-input";
import { warmUpReportRead } from "../../insights/data/load-project-data";
import { warmUpSegmentDailyRead } from "../../insights/data/load-segment-daily";
import { loadCompetition } from "../../insights/competition/load-competition";
import { runEngine, type EngineReport } from "../../insights/engine/run-engine";
import { generateProject } from "../../insights/synthetic/generate-project";
import { largeWarmUpInput } from "../../insights/synthetic/warm-up-project";
import { rehearseRecentReport } from "./rehearse-report";
import {
  lastSegmentShare,
  startSegmentDetectorThread,
  threadSegmentDetector,
  warmUpSegmentDetectorThread,
} from "../../insights/parallel/segment-detector";
import {
  inlineSegmentDetector,
  type SegmentDetector,
  type SegmentTask,
} from "../../insights/engine/analyses/segment-detect";

/** Progress once the data is read: computing takes a fraction of the report's time. */
const PROGRESS_AFTER_LOAD = 60;

export interface GenerateReportResult {
  status: "ready" | "failed" | "missing";
  insights: number;
  ms: number;
  engine?: Pick<EngineReport, "tests" | "pThreshold" | "excludedDays" | "kpi" | "skipped">;
}

/**
 * Generates one report in three steps: load the project's data for the window (database), run
 * the engine on it (a pure function, server/insights/engine/run-engine.ts), and save every insight
 * together with the report's ready status in one transaction, so a reader sees either the old
 * state or the whole report. Idempotent: a re-run replaces the report's insights. A failure marks
 * the report failed with its message and is rethrown so the job's retry policy applies.
 */
export async function generateReport(reportId: string): Promise<GenerateReportResult> {
  const started = Date.now();
  const [row] = await db()
    .select({ report: reports, project: clientProjects })
    .from(reports)
    .innerJoin(clientProjects, eq(clientProjects.id, reports.projectId))
    .where(eq(reports.id, reportId))
    .limit(1);
  if (!row) return { status: "missing", insights: 0, ms: Date.now() - started };
  const { report, project } = row;
  await markReportRunning(reportId);

  try {
    const input = await loadReportInput({
      projectId: project.id,
      project: engineProjectOf(project),
      periodStart: report.periodStart,
      periodEnd: report.periodEnd,
      compareTo: report.compareTo,
    });
    input.competition = await loadCompetition({ project, data: input.data, window: input.window });
    await setReportProgress(reportId, PROGRESS_AFTER_LOAD);
    const loaded = Date.now();

    // The segments' detections shared with this process's detection thread (when it runs).
    const result = runEngine(input, { segmentDetector: threadSegmentDetector() });
    const computed = Date.now();
    const values = result.insights.map((i) => ({
      ...i,
      agencyId: report.agencyId,
      projectId: report.projectId,
      reportId,
      funnelStage: i.funnelStage as (typeof insights.$inferInsert)["funnelStage"],
      isWaitForGenerating: false,
      findings: i.findings as unknown as (typeof insights.$inferInsert)["findings"],
    }));

    const written = await db().transaction(async (tx) => {
      const [current] = await tx.select({ id: reports.id }).from(reports).where(eq(reports.id, reportId)).for("update");
      if (!current) return false; // deleted while it was generated
      await tx.delete(insights).where(eq(insights.reportId, reportId));
      if (values.length > 0) await tx.insert(insights).values(values);
      await markReportReady(tx, reportId, { excludedDays: result.excludedDays, pThreshold: result.pThreshold });
      return true;
    });
    const ms = Date.now() - started;
    const { tests, pThreshold, excludedDays, kpi, skipped } = result;
    // Where the time went: reading the data, the engine, and writing the insights.
    const phases = { loadMs: loaded - started, engineMs: computed - loaded, saveMs: Date.now() - computed };
    const segments = lastSegmentShare();
    log("info", "report generated", {
      reportId,
      insights: values.length,
      tests,
      pThreshold,
      kpi,
      ms,
      ...phases,
      segments,
    });
    // The requester is told by email unless their page watched it finish (report-ready-notice.ts).
    if (written) await queueReadyNotice(reportId);
    return {
      status: written ? "ready" : "missing",
      insights: values.length,
      ms,
      engine: { tests, pThreshold, excludedDays, kpi, skipped },
    };
  } catch (error) {
    await markReportFailed(reportId, error);
    throw error;
  }
}

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
async function warmUpReports(): Promise<void> {
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

export const generateReportHandler = defineJobHandler(
  generateReportJob,
  async (payload) => {
    await generateReport(payload.reportId);
  },
  { warmUp: warmUpReports },
);
