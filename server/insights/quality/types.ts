// What the finding-property checker reads and what it answers. It reads a report as the app stores it (an insight's
// findings, summary and chart, the report's window) and the data the report was computed from (series-data.ts); it
// answers a list of violations, each a sentence a reader can act on. Nothing here knows the engine's internals.

/** The properties of issue 56, "What every finding must satisfy"; `deterministic` is checked across two runs. */
export const PROPERTIES = ["direction", "levels", "range", "text", "drivers", "frozen", "deterministic"] as const;
export type Property = (typeof PROPERTIES)[number];

export interface Violation {
  property: Property;
  /** The insight (intention key) and the finding's index in it; null for the insight's own text or the report. */
  insight: string | null;
  finding: number | null;
  /** What is wrong, with the finding's and the data's numbers. */
  text: string;
}

/** One insight as stored (insights row) or as the engine drafts it (InsightDraft): the parts the checker reads. */
export interface CheckedInsight {
  intentionKey: string;
  group?: string;
  summary: string;
  kpiEffect?: number | null;
  kpiMetric?: string | null;
  /** Stored jsonb: read through finding-view.ts, never cast. */
  findings: readonly unknown[];
  chart: unknown;
  /** Stored jsonb (lib/insights/finding.ts InsightOutcome): found something, nothing notable, or not run and why. */
  outcome?: unknown;
}

export interface CheckedReport {
  periodStart: string;
  periodEnd: string;
  comparisonStart: string;
  comparisonEnd: string;
  currency: string;
  /** Days the report read as unknown (tracking gaps): left out of the data's means. */
  excludedDays?: readonly string[];
  insights: readonly CheckedInsight[];
}
