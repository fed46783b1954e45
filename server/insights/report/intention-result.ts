import type { Intention } from "@/lib/insights/intentions";
import type { Finding } from "@/lib/insights/finding";
import type { Chart } from "../engine/types";
import type { Candidate } from "../detect/types";

// What answering one intention gives the report stages: the candidates it tested (they go to the report's one
// Benjamini-Hochberg step), the findings that stand or fall with one of them (a change's drivers), the audit's rule
// findings (outside the test), its chart and its count of tests.

export interface Companion {
  finding: Finding;
  /** The candidate it belongs to: kept only when that one is. */
  with: Candidate;
}

export interface IntentionResult {
  intention: Intention;
  candidates: readonly Candidate[];
  companions: readonly Companion[];
  /** Data-quality findings: rules, not tests; shown whatever the report's bar. */
  rules: readonly Finding[];
  chart: Chart | null;
  tests: number;
  /** An audit's worst severity weight (its rank inside the data quality group). */
  severity?: number;
}

export const resultOf = (intention: Intention, part: Partial<Omit<IntentionResult, "intention">>): IntentionResult => ({
  intention,
  candidates: part.candidates ?? [],
  companions: part.companions ?? [],
  rules: part.rules ?? [],
  chart: part.chart ?? null,
  tests: part.tests ?? 0,
  ...(part.severity !== undefined ? { severity: part.severity } : {}),
});
