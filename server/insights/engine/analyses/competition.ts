import type { Intention } from "@/lib/insights/intentions";
import { analyseCompetition, competitionFindings, trafficShareSeries } from "../../competition/analyse-competition";
import type { EngineContext, IntentionOutcome } from "../types";

/**
 * The competitive position of the client's domain (analyse-competition.ts). Null without
 * competition data: the option is off, or the project has no competitor or keyword data.
 * Descriptive comparisons, not tests: they add no hypotheses to the report's FDR control, and
 * weigh in the ranking by the move of the client's search visibility against the comparison period.
 */
export function runCompetition(ctx: EngineContext, intention: Intention): IntentionOutcome | null {
  const data = ctx.competition;
  if (!data || data.competitors.length === 0 || (data.keywords.length === 0 && !Object.keys(data.clientVisits).length))
    return null;
  const w = ctx.window;
  const results = analyseCompetition(data, w);
  const findings = competitionFindings(data, results, w);
  const visibilityMove = results.length
    ? Math.abs(results[0].current.visibility - results[0].baseline.visibility) /
      Math.max(results[0].baseline.visibility, 0.01)
    : 0;
  return {
    intention,
    findings,
    chart: {
      type: "series",
      metric: "trafficShare",
      unit: "percent",
      points: trafficShareSeries(data, w.periodStart, w.periodEnd),
    },
    kpiEffect: 0,
    indirectEffect: visibilityMove * 0.1,
    severity: 0,
    tests: 0,
  };
}
