// Runs the engine on rows and checks its report: what the property tests and the real-series test share.
import { runEngine, type EngineOptions } from "../engine/run-engine";
import type { EngineProject } from "../engine/types";
import { checkReport } from "./check-report";
import { engineInputOfRows } from "./engine-input";
import { engineReportOf } from "./report-of";
import { tableSeriesData, type TableRow } from "./table-series-data";
import type { CheckedReport, Violation } from "./types";

export interface CheckedRun {
  report: CheckedReport;
  violations: Violation[];
}

export function runAndCheck(
  rows: readonly TableRow[],
  options: { periodStart: string; periodEnd: string; project: EngineProject; engine?: EngineOptions["engine"] },
): CheckedRun {
  const input = engineInputOfRows(rows, options);
  const report = engineReportOf(runEngine(input, { engine: options.engine }), input.window, options.project.currency);
  // The checker reads the rows itself, not the engine's input: a loader's mistake is the report's mistake.
  return { report, violations: checkReport(report, tableSeriesData(rows)) };
}
