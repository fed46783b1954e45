import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { addSplitTestToReportSchema } from "@/lib/validation/split-tests";
import { REPORT_MESSAGES } from "@/lib/validation/reports";
import type { SplitTestAccess } from "../../auth/split-test-access";
import { db } from "../../db/client";
import { insights, reports } from "../../db/schema";
import { BadRequestError, NotFoundError } from "../../errors";
import { parseFindings } from "@/lib/insights/finding";
import { narrateInsight } from "@/lib/insights/narrate";
import { splitTestFindings } from "../../insights/split-test/analyse-split-test";
import { insightView } from "../insights/insight-view";
import type { AccessServiceContext } from "../context";
import { computeResult, questionOf } from "./split-test-view";

export const SPLIT_TEST_INTENTION_KEY = "url_split_test";

/**
 * POST /urlsplitters/{id}/insight: freezes the test's current answer into a ready report of the
 * same project as an insight (Other Insights, Experience stage), after the report's own insights,
 * so it is listed, tagged, saved and exported like any other. Its findings carry the same evidence
 * fields as the engine's (kind "split_test"), which the pptx and xlsx builders read as they are.
 */
export async function addSplitTestToReport({
  ctx,
  input,
}: {
  ctx: AccessServiceContext<SplitTestAccess>;
  input: z.output<typeof addSplitTestToReportSchema>;
}) {
  const test = ctx.access.splitTest;
  const [report] = await db()
    .select()
    .from(reports)
    .where(
      and(
        eq(reports.id, input.reportId),
        eq(reports.agencyId, ctx.actor.agencyId),
        eq(reports.projectId, test.projectId),
      ),
    );
  if (!report) throw new NotFoundError();
  if (report.status !== "ready")
    throw new BadRequestError(REPORT_MESSAGES.reportNotReady, { reportId: REPORT_MESSAGES.reportNotReady });
  const result = await computeResult(test);
  const period = { start: test.periodStart, end: test.periodEnd };
  const findings = parseFindings(splitTestFindings(questionOf(test), result, period));
  const narration = narrateInsight(
    { findings, kpiEffect: null, kpiMetric: null, sentences: findings.flatMap((f) => f.narrative ?? []) },
    { currency: "USD", period },
  );
  const [row] = await db()
    .insert(insights)
    .values({
      agencyId: report.agencyId,
      projectId: report.projectId,
      reportId: report.id,
      intentionKey: SPLIT_TEST_INTENTION_KEY,
      group: "other",
      funnelStage: "experience",
      title: `Split test: ${test.name}`,
      summary: result.headline,
      impact: 0,
      rank: sql`(select coalesce(max(${insights.rank}), 0) + 1 from ${insights} where ${insights.reportId} = ${report.id})`,
      findings,
      narration,
      outcome: { status: "findings" },
      chart: {
        type: "series",
        metric: result.primaryMetric,
        unit:
          result.primaryMetric === "revenuePerSession"
            ? "currency"
            : result.primaryMetric === "sessions"
              ? "count"
              : "percent",
        // B's daily value, with A's as the reference line: the two variants over time.
        points: result.series.map((d) => ({
          date: d.date,
          value: dailyValue(result.primaryMetric, d.b),
          expected: dailyValue(result.primaryMetric, d.a),
        })),
      },
    })
    .returning();
  return insightView(row);
}

function dailyValue(
  metric: string,
  d: { sessions: number; engagedSessions: number | null; conversions: number | null; revenue: number | null },
): number | null {
  if (metric === "sessions") return d.sessions;
  if (d.sessions <= 0) return null;
  const part =
    metric === "engagementRate" ? d.engagedSessions : metric === "conversionRate" ? d.conversions : d.revenue;
  return part === null ? null : part / d.sessions;
}
