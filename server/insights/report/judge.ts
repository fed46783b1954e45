import type { Finding, FindingTest } from "@/lib/insights/finding";
import { ENGINE_CONFIG } from "../config";
import type { Candidate } from "../detect/types";
import { benjaminiHochbergThreshold } from "../engine/multiplicity";
import type { IntentionResult } from "./intention-result";

// The report's one test: Benjamini-Hochberg at the report's false discovery rate over every candidate's own p-value
// (unchanged since its detector computed it), with m every hypothesis the report tested. A candidate at or under the
// threshold is a finding, with its `significance` saying so; its companions come with it. Nothing is rewritten: the
// judged results are new objects.

export interface JudgedResult {
  result: IntentionResult;
  /**
   * The findings that passed (with their significance) and their companions, in the order their detectors gave
   * them.
   */
  findings: Finding[];
  /** Each tested finding's series (for its chart and the dedupe): by finding. */
  seriesOf: ReadonlyMap<Finding, string>;
}

export interface Judgement {
  judged: JudgedResult[];
  tests: number;
  threshold: number;
}

function significanceOf(c: Candidate, tests: number, threshold: number): FindingTest {
  return {
    nullModel: c.nullModel,
    pValue: c.pValue,
    family: c.family,
    reportTests: tests,
    fdr: ENGINE_CONFIG.fdr,
    threshold,
  };
}

export function judge(results: readonly IntentionResult[]): Judgement {
  const tests = results.reduce((sum, r) => sum + r.tests, 0);
  const pValues = results.flatMap((r) => r.candidates.map((c) => c.pValue));
  const threshold = benjaminiHochbergThreshold(pValues, tests, ENGINE_CONFIG.fdr);
  const judged = results.map((result) => {
    const seriesOf = new Map<Finding, string>();
    const findings: Finding[] = [...result.rules];
    for (const c of result.candidates) {
      if (!(threshold > 0 && c.pValue <= threshold)) continue;
      const finding: Finding = { ...c.finding, pValue: c.pValue, significance: significanceOf(c, tests, threshold) };
      seriesOf.set(finding, c.seriesKey);
      findings.push(finding, ...result.companions.filter((x) => x.with === c).map((x) => x.finding));
    }
    return { result, findings, seriesOf };
  });
  return { judged, tests, threshold };
}
