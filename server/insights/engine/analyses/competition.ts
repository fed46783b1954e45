import type { Intention } from "@/lib/insights/intentions";
import { periodChange } from "../../detectors/period-change";
import {
  analyseCompetition,
  competitionFindings,
  trafficShareSeries,
  visibilitySeries,
} from "../../competition/analyse-competition";
import type { EngineContext, IntentionOutcome } from "../types";

/**
 * The competitive position of the client's domain (analyse-competition.ts). Null without
 * competition data: the option is off, or the project has no competitor or keyword data.
 * Descriptive comparisons: the keywords, the competitors' visibility and traffic share are stated, not tested. It
 * weighs in the ranking by the move of the client's search visibility against the comparison period, and only when
 * that move passes the report's bar: its daily visibility in the two periods is one more test of the report-wide
 * FDR (`rankTest`). Otherwise it stays among the other insights and says the move is within its day-to-day
 * variation: with three keywords whose positions wander, "visibility −1.3 pts" ranked third in the report.
 */
export function runCompetition(ctx: EngineContext, intention: Intention): IntentionOutcome | null {
  const data = ctx.competition;
  if (!data || data.competitors.length === 0 || (data.keywords.length === 0 && !Object.keys(data.clientVisits).length))
    return null;
  const w = ctx.window;
  const results = analyseCompetition(data, w);
  const visibilityMove = results.length
    ? Math.abs(results[0].current.visibility - results[0].baseline.visibility) /
      Math.max(results[0].baseline.visibility, 0.01)
    : 0;
  const moved = periodChange(
    visibilitySeries(data, w.periodStart, w.periodEnd),
    visibilitySeries(data, w.comparisonStart, w.comparisonEnd),
    { metric: "visibility", periodStart: w.periodStart, periodEnd: w.periodEnd },
  );
  const testable = typeof moved.pValue === "number" && Number.isFinite(moved.pValue);
  const outcome: IntentionOutcome = {
    intention,
    findings: competitionFindings(data, results, w, testable ? null : false),
    chart: {
      type: "series",
      metric: "trafficShare",
      unit: "percent",
      points: trafficShareSeries(data, w.periodStart, w.periodEnd),
    },
    kpiEffect: 0,
    indirectEffect: testable ? visibilityMove * 0.1 : 0,
    severity: 0,
    tests: 0,
  };
  if (testable)
    outcome.rankTest = {
      pValue: moved.pValue as number,
      judged: (passed) => {
        outcome.findings = competitionFindings(data, results, w, passed);
        if (!passed) outcome.indirectEffect = 0;
      },
    };
  return outcome;
}
