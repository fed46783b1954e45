// What a client receives of a report, decided once for every output (share page, deck, workbook, email): the
// insights that found something, in the report's order; the questions checked that found nothing, folded into one
// line; and the questions that could not run, which are the agency's business (its page says why) and never reach
// the client. The agency's page reads the same split, so the counts on every screen and file agree.

/** What became of a question in a report: the engine's stored outcome when it has one, else read from the insight. */
export type InsightOutcomeStatus = "findings" | "nothing_notable" | "not_run";

/** An export's or a schedule's choice: the findings alone (the default), or every question checked as an appendix. */
export const REPORT_CONTENTS = ["significant", "everything"] as const;
export type ReportContents = (typeof REPORT_CONTENTS)[number];
export const DEFAULT_REPORT_CONTENTS: ReportContents = "significant";
export const REPORT_CONTENTS_LABELS: Record<ReportContents, string> = {
  significant: "Significant findings only",
  everything: "Everything checked",
};

export interface DocumentInsight {
  title: string;
  summary: string;
  findings: readonly unknown[];
  /** The engine's stored outcome (insights.outcome), when the insight has one. */
  outcome?: { status: InsightOutcomeStatus } | null;
}

// Insights stored before outcomes were: a question the engine could not ask says so in its summary.
const SKIPPED = /^Skipped:\s*/;

export function outcomeOf(insight: DocumentInsight): InsightOutcomeStatus {
  if (insight.outcome?.status) return insight.outcome.status;
  if (insight.findings.length > 0) return "findings";
  return SKIPPED.test(insight.summary) ? "not_run" : "nothing_notable";
}

export interface ReportDocument<T> {
  /** The insights with findings, in the order given (the report's rank order). */
  notable: T[];
  /** Checked, nothing significant: one line for the client, an appendix when everything checked is asked for. */
  nothingNotable: T[];
  /** Could not run: the agency's page says why; no client output holds them. */
  notRun: T[];
}

export function reportDocument<T extends DocumentInsight>(insights: readonly T[]): ReportDocument<T> {
  const doc: ReportDocument<T> = { notable: [], nothingNotable: [], notRun: [] };
  for (const insight of insights) {
    const status = outcomeOf(insight);
    (status === "findings" ? doc.notable : status === "nothing_notable" ? doc.nothingNotable : doc.notRun).push(
      insight,
    );
  }
  return doc;
}

/** The insights a client output lists in full: the findings, then (when asked for) the questions that found nothing. */
export function clientInsights<T extends DocumentInsight>(doc: ReportDocument<T>, contents: ReportContents): T[] {
  return contents === "everything" ? [...doc.notable, ...doc.nothingNotable] : doc.notable;
}

export const ALSO_CHECKED = "Also checked, nothing notable";

/** "Also checked, nothing notable: Ad spend, Landing pages." or null when every question found something. */
export function alsoCheckedLine(titles: readonly string[]): string | null {
  return titles.length > 0 ? `${ALSO_CHECKED}: ${titles.join(", ")}.` : null;
}
