import type { EngineOptions } from "../../server/insights/engine/run-engine";
import { engineReportOf } from "../../server/insights/quality/report-of";
import { checkReport } from "../../server/insights/quality/check-report";
import { engineSeriesData } from "../../server/insights/quality/engine-series-data";
import type { EngineReport } from "../../server/insights/engine/run-engine";
import type { EngineInput } from "../../server/insights/engine/types";
import { PROPERTIES, type Violation } from "../../server/insights/quality/types";

// Which engine the quality benches judge (`npm run bench -- quality real-series --engine=v3`): v2
// (engine/run-engine.ts, the default every user's report runs) or v3 (server/insights/run.ts). Read by the bench
// only: the quality part passes it to runEngine, the real-series part sets the child's INSIGHT_ENGINE.

export type BenchEngine = NonNullable<EngineOptions["engine"]>;

export function benchEngine(args: readonly string[] = process.argv.slice(2)): BenchEngine {
  const flag = args.find((a) => a.startsWith("--engine="));
  const value = flag ? flag.slice("--engine=".length) : "v2";
  if (value !== "v2" && value !== "v3") throw new Error(`--engine=${value}: the engines are v2 and v3`);
  return value;
}

/** Every property violation of one engine report, checked against the input it was computed from. */
export function reportViolations(report: EngineReport, input: EngineInput): Violation[] {
  const checked = engineReportOf(report, input.window, input.project.currency);
  return checkReport(checked, engineSeriesData(input, report.excludedDays));
}

/** "direction 0, levels 2, …": violations counted by property (the cross-run `deterministic` aside). */
export function violationCounts(violations: readonly Violation[]): string {
  const count = (p: string) => violations.filter((v) => v.property === p).length;
  return PROPERTIES.filter((p) => p !== "deterministic")
    .map((p) => `${p} ${count(p)}`)
    .join(", ");
}
