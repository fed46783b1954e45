import type { EngineReport } from "../engine/run-engine";
import { dayNumber } from "@/lib/dates";
import { isSeasonallyExpected } from "@/lib/insights/season";
import type { Finding } from "../types";
import type { PlantedEvent } from "./generate-project";

// Scoring a report against its planted event: found when a significant finding has the event's
// date (within a day), segment and sign; false findings are the significant findings outside the
// data quality audit on a noise twin.

type Scored = Finding & {
  date?: string;
  explainedBy?: { dimensionValue: string };
  /** Segments whose finding was this one's (the same rows through another dimension: foldSameRows). */
  sameRowsAs?: { dimension: string; dimensionValue: string }[];
  /** Wider segments whose change was most likely this one's (foldSameEvent). */
  sameEventAs?: { dimension: string; dimensionValue: string }[];
  /** Set when the season predicts the finding (seasonal-expectation.ts): kept, but not news. */
  season?: { expected: boolean };
};

/** Significant findings outside the audit: every finding that carries its own test (p-value). */
export function significantFindings(report: EngineReport): Scored[] {
  return report.insights
    .filter((i) => i.group !== "data_quality")
    .flatMap((i) => i.findings as Scored[])
    .filter((f) => typeof f.pValue === "number" && !isSeasonallyExpected(f));
}

export function eventFound(report: EngineReport, event: PlantedEvent): boolean {
  if (event.kind === "tracking_gap") {
    const gap = report.insights.find((i) => i.intentionKey === "tracking_gaps")?.findings ?? [];
    const reported = gap.some((f) => Math.abs(dayNumber(f.periodStart) - dayNumber(event.date)) <= 1);
    // One outage, one data quality finding: not also a fall of the period's totals, or a drop on its days.
    const readAsNews = significantFindings(report).some(
      (f) =>
        f.direction === "down" &&
        (f.kind === "change" || Math.abs(dayNumber(f.date ?? f.periodStart) - dayNumber(event.date)) <= 3),
    );
    return reported && !readAsNews;
  }
  if (event.kind === "seasonal") {
    // Handled when the season makes no news: no significant finding in its direction that is not
    // labelled expected (a total's change, a segment's shift or a trend the season predicts).
    return !significantFindings(report).some((f) => f.direction === event.direction);
  }
  return report.insights
    .filter((i) => i.group !== "data_quality")
    .flatMap((i) => i.findings as Scored[])
    .some((f) => {
      const names =
        (f.dimension === event.dimension && f.dimensionValue === event.value) ||
        f.explainedBy?.dimensionValue === event.value ||
        [...(f.sameRowsAs ?? []), ...(f.sameEventAs ?? [])].some(
          (s) => s.dimension === event.dimension && s.dimensionValue === event.value,
        );
      const date = f.date ?? f.periodStart;
      const near =
        (f.kind === "driver" && event.kind === "rate_drop") || Math.abs(dayNumber(date) - dayNumber(event.date)) <= 1;
      return names && near && f.direction === event.direction;
    });
}
