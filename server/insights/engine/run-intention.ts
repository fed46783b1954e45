import type { Intention } from "@/lib/insights/intentions";
import { runAnomalies } from "./analyses/anomalies";
import { runAudit } from "./analyses/audit";
import { runChange } from "./analyses/change";
import { runCompetition } from "./analyses/competition";
import { runDrivers } from "./analyses/drivers";
import { runFunnel } from "./analyses/funnel";
import { runSegmentWatch } from "./analyses/segment-watch";
import { runTrend } from "./analyses/trend";
import type { EngineContext, IntentionOutcome } from "./types";

/** Runs one intention's analysis; null when the data cannot answer it after all. */
export function runIntention(ctx: EngineContext, intention: Intention): IntentionOutcome | null {
  const a = intention.analysis;
  switch (a.type) {
    case "anomalies":
      return runAnomalies(ctx, intention, a.metric);
    case "drivers":
      return runDrivers(ctx, intention, a.metric, a.dimension);
    case "change":
      return runChange(ctx, intention, a.metric);
    case "trend":
      return runTrend(ctx, intention, a.metric);
    case "funnel":
      return runFunnel(ctx, intention, a.steps);
    case "audit":
      return runAudit(ctx, intention, a.check);
    case "competition":
      return runCompetition(ctx, intention);
    case "segments":
      return ctx.segmentDaily.series.length > 0 ? runSegmentWatch(ctx, intention, a.view) : null;
  }
}
