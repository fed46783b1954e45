import "server-only";
import { eq } from "drizzle-orm";
import type { SiteTypeKey } from "@/lib/insights/intentions";
import { db } from "../db/client";
import { clientProjects, insights, reports } from "../db/schema";
import { log } from "../log";
import {
  markReportFailed,
  markReportReady,
  markReportRunning,
  setReportProgress,
} from "../services/reports/report-status";
import { loadProjectData } from "./data/load-project-data";
import { reportWindow } from "./data/window";
import { applicableIntentions, neededDimensions, primaryKpi } from "./engine/applicable";
import { rankOutcomes } from "./engine/rank";
import { runIntention } from "./engine/run-intention";
import { narrate } from "./engine/summary";
import type { EngineContext, IntentionOutcome } from "./engine/types";

/** Progress is written at most this often: a report takes seconds, not thousands of writes. */
const PROGRESS_INTERVAL_MS = 300;
const PROGRESS_AFTER_LOAD = 40;

export interface GenerateReportResult {
  status: "ready" | "failed" | "missing";
  insights: number;
  ms: number;
}

/**
 * Generates one report: reads the project's data for the window (two aggregate queries), runs
 * every applicable intention, ranks the outcomes and writes all insights in one transaction.
 * Idempotent: a re-run replaces the report's insights. A failure marks the report failed with
 * its message and is rethrown so the job's retry policy applies.
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
    const siteType = project.siteType as SiteTypeKey;
    const window = reportWindow(report.periodStart, report.periodEnd, report.compareTo);
    const data = await loadProjectData({ projectId: project.id, window, dimensions: neededDimensions(siteType) });
    const ctx: EngineContext = {
      data,
      window,
      project: { siteType, url: project.url, currency: project.currency },
      kpi: primaryKpi(siteType, data),
    };
    const intentions = applicableIntentions(siteType, data);
    await setReportProgress(reportId, PROGRESS_AFTER_LOAD);

    const outcomes: IntentionOutcome[] = [];
    let lastWrite = Date.now();
    for (const [i, intention] of intentions.entries()) {
      const outcome = runIntention(ctx, intention);
      if (outcome) outcomes.push(outcome);
      if (Date.now() - lastWrite >= PROGRESS_INTERVAL_MS) {
        await setReportProgress(
          reportId,
          PROGRESS_AFTER_LOAD + Math.floor(((i + 1) / intentions.length) * (95 - PROGRESS_AFTER_LOAD)),
        );
        lastWrite = Date.now();
      }
    }

    const ranked = rankOutcomes(ctx, outcomes);
    const narrativeCtx = { currency: project.currency };
    const values = ranked.map((r) => {
      const { findings, summary } = narrate(r.outcome, narrativeCtx);
      const intention = r.outcome.intention;
      return {
        agencyId: report.agencyId,
        projectId: report.projectId,
        reportId,
        intentionKey: intention.key,
        group: r.group,
        funnelStage: intention.stage,
        title: intention.title,
        summary,
        impact: r.impact,
        rank: r.rank,
        isWaitForGenerating: false,
        findings,
        // "No significant results" keeps no findings, but its chart still shows the data looked at.
        chart: r.outcome.chart as Record<string, unknown> | null,
      };
    });

    const written = await db().transaction(async (tx) => {
      const [current] = await tx.select({ id: reports.id }).from(reports).where(eq(reports.id, reportId)).for("update");
      if (!current) return false; // deleted while it was generated
      await tx.delete(insights).where(eq(insights.reportId, reportId));
      if (values.length > 0) await tx.insert(insights).values(values);
      await markReportReady(tx, reportId);
      return true;
    });
    const ms = Date.now() - started;
    log("info", "report generated", { reportId, intentions: intentions.length, insights: values.length, ms });
    return { status: written ? "ready" : "missing", insights: values.length, ms };
  } catch (error) {
    await markReportFailed(reportId, error);
    throw error;
  }
}
