import "server-only";
import { eq } from "drizzle-orm";
import { db } from "../../db/client";
import { clientProjects, insights, reports } from "../../db/schema";
import { log } from "../../log";
import { engineProjectOf, loadReportInput } from "../../insights/data/load-report-input";
import { loadCompetition } from "../../insights/competition/load-competition";
import { runEngine, type EngineReport } from "../../insights/engine/run-engine";
import { lastSegmentShare, threadSegmentDetector } from "../../insights/parallel/segment-detector";
import { queueReadyNotice } from "./report-ready-notice";
import { markReportFailed, markReportReady, markReportRunning, setReportProgress } from "./report-status";

/** Progress once the data is read: computing takes a fraction of the report's time. */
const PROGRESS_AFTER_LOAD = 60;

export interface GenerateReportResult {
  status: "ready" | "failed" | "missing";
  insights: number;
  ms: number;
  /** The engine's own time, without reading the data or writing the insights. */
  engineMs?: number;
  engine?: Pick<EngineReport, "tests" | "pThreshold" | "excludedDays" | "kpi" | "skipped">;
}

/**
 * Generates one report in one pass: load the project's data for the window, run the engine on it (a pure function,
 * server/insights/engine/run-engine.ts), and save every insight with the report's ready status in one transaction,
 * so a reader sees either the old state or the whole report. The job handler only calls this. Idempotent: a re-run
 * replaces the report's insights. A failure marks the report failed with its message and is rethrown so the job's
 * retry policy applies.
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
    const written = await saveReport(report, result);
    const ms = Date.now() - started;
    const { tests, pThreshold, excludedDays, kpi, skipped } = result;
    // Where the time went: reading the data, the engine, and writing the insights.
    const phases = { loadMs: loaded - started, engineMs: computed - loaded, saveMs: Date.now() - computed };
    const count = result.insights.length;
    log("info", "report generated", {
      reportId,
      insights: count,
      tests,
      pThreshold,
      kpi,
      ms,
      ...phases,
      segments: lastSegmentShare(),
    });
    // The requester is told by email unless their page watched it finish (report-ready-notice.ts).
    if (written) await queueReadyNotice(reportId);
    return {
      status: written ? "ready" : "missing",
      insights: count,
      ms,
      engineMs: phases.engineMs,
      engine: { tests, pThreshold, excludedDays, kpi, skipped },
    };
  } catch (error) {
    await markReportFailed(reportId, error);
    throw error;
  }
}

/** The engine's insights as rows of a report (also saved by the alert check, server/services/alerts). */
export function insightRows(
  report: { id: string; agencyId: string; projectId: string },
  result: Pick<EngineReport, "insights">,
): (typeof insights.$inferInsert)[] {
  return result.insights.map((i) => ({
    ...i,
    agencyId: report.agencyId,
    projectId: report.projectId,
    reportId: report.id,
    funnelStage: i.funnelStage as (typeof insights.$inferInsert)["funnelStage"],
    isWaitForGenerating: false,
  }));
}

/** The report's insights replaced and its status set ready, in one transaction; false when it was deleted meanwhile. */
async function saveReport(
  report: { id: string; agencyId: string; projectId: string },
  result: EngineReport,
): Promise<boolean> {
  const values = insightRows(report, result);
  return db().transaction(async (tx) => {
    const [current] = await tx.select({ id: reports.id }).from(reports).where(eq(reports.id, report.id)).for("update");
    if (!current) return false;
    await tx.delete(insights).where(eq(insights.reportId, report.id));
    if (values.length > 0) await tx.insert(insights).values(values);
    await markReportReady(tx, report.id, {
      excludedDays: result.excludedDays,
      excludedDaysBySource: result.excludedDaysBySource,
      pThreshold: result.pThreshold,
    });
    return true;
  });
}
