// The compact evidence table on an insight's slide: the same numbers as the on-screen evidence
// table, formatted with units and the project's currency, a handful of rows at most.
import { analystNarrative, auditIssueLabel, auditIssueName } from "@/lib/insights/narrate/analyst";
import {
  dimensionLabel,
  formatFindingChange,
  formatFindingPct,
  formatFindingRange,
  formatFindingValue,
  findingConfidence,
  formatConfidence,
  formatDay,
  formatPeriod,
  kindLabel,
  metricLabel,
} from "@/lib/insights/format-values";

export { kindLabel };
import { onWeekdays } from "@/lib/insights/weekdays";
import { findingDays, finite } from "../export-format";
import type { ExportFinding } from "../export-model";

export const MAX_EVIDENCE_ROWS = 5;

export function segmentText(f: ExportFinding): string {
  return f.dimension && f.dimensionValue ? `${dimensionLabel(f.dimension)}: ${f.dimensionValue}` : "All traffic";
}

/** The finding's days ("Oct 31, 2026 – Nov 29, 2026"), and the weekdays its levels are of when only some moved. */
export function periodText(f: ExportFinding): string {
  const { start, end } = findingDays(f);
  const days = start === end ? formatDay(start) : formatPeriod(start, end);
  const weekdays = onWeekdays(f);
  return weekdays ? `${days}, ${weekdays}` : days;
}

export interface EvidenceTable {
  header: string[];
  rows: string[][];
  /** Findings left out of the slide (all of them are in the Excel export). */
  more: number;
}

export function evidenceTable(findings: ExportFinding[], currency: string): EvidenceTable {
  const shown = findings.slice(0, MAX_EVIDENCE_ROWS);
  const more = findings.length - shown.length;
  if (findings.some((f) => f.kind === "audit")) {
    return {
      header: ["Check", "Issue", "Severity", "Affected rows", "Examples"],
      rows: shown.map((f) => [
        f.check ? auditIssueLabel(f.check) : metricLabel(f.metric),
        auditIssueName(f.issue),
        f.severity ?? "",
        finite(f.count) ? f.count.toLocaleString("en") : "–",
        (f.examples ?? []).slice(0, 3).join(", "),
      ]),
      more,
    };
  }
  return {
    header: ["Finding", "Metric", "Segment", "Period", "Current", "Baseline", "Change", "Change %", "Expected range"],
    rows: shown.map((f) => [
      kindLabel(f.kind),
      metricLabel(f.metric),
      segmentText(f),
      periodText(f),
      formatFindingValue(f, f.current, currency),
      formatFindingValue(f, f.baseline, currency),
      formatFindingChange(f, f.change, currency),
      formatFindingPct(f),
      formatFindingRange(f, f.expectedLow, f.expectedHigh, currency)?.join(" – ") ?? "–",
    ]),
    more,
  };
}

/** The headline numbers under an insight's narrative. */
export function headlineLines(f: ExportFinding | null, currency: string): string[] {
  if (!f) return [];
  // An audit's headline is the card's sentence ("Paid visits (20,803) were 20.6 % more than ad clicks …").
  if (f.kind === "audit")
    return [analystNarrative({ findings: [f] }, { currency })?.headline ?? auditIssueLabel(f.check)];
  const lines = [
    `${metricLabel(f.metric)}${f.dimension ? ` (${segmentText(f)})` : ""}: ${formatFindingValue(f, f.current, currency)}`,
  ];
  if (finite(f.baseline)) lines.push(`Baseline: ${formatFindingValue(f, f.baseline, currency)}`);
  if (finite(f.change)) lines.push(`Change: ${formatFindingChange(f, f.change, currency)} (${formatFindingPct(f)})`);
  const confidence = findingConfidence(f);
  if (confidence !== null) lines.push(`Confidence: ${formatConfidence(confidence)}`);
  return lines;
}
