// What every property reads: the report's findings as views (finding-view.ts), each with where it stands, and the
// data. Built once per report (check-report.ts).
import { viewOf, type FindingView, type Segment } from "./finding-view";
import { withUnknownDays, type DaySeries, type SeriesData } from "./series-data";
import type { CheckedInsight, CheckedReport, Violation } from "./types";

export interface PlacedView {
  view: FindingView;
  insight: CheckedInsight;
  index: number;
}

export interface CheckContext {
  report: CheckedReport;
  views: readonly PlacedView[];
  /** The data's series with the report's unknown days left out (null: the data does not hold it). */
  series(metric: string, segment: Segment | null): DaySeries | null;
  data: SeriesData;
}

export function checkContext(report: CheckedReport, data: SeriesData): CheckContext {
  const views: PlacedView[] = [];
  for (const insight of report.insights)
    insight.findings.forEach((stored, index) => {
      const view = viewOf(stored);
      if (view) views.push({ view, insight, index });
    });
  const excluded = new Set(report.excludedDays ?? []);
  const cache = new Map<string, DaySeries | null>();
  return {
    report,
    views,
    data,
    series(metric, segment) {
      const key = `${metric}|${segment?.dimension ?? ""}|${segment?.value ?? ""}`;
      if (!cache.has(key)) {
        const s = data.series(metric, segment);
        cache.set(key, s && withUnknownDays(s, excluded));
      }
      return cache.get(key)!;
    },
  };
}

export const sameSeries = (a: FindingView, b: FindingView) =>
  a.metric === b.metric && a.segment?.dimension === b.segment?.dimension && a.segment?.value === b.segment?.value;

export function violation(p: PlacedView, property: Violation["property"], text: string): Violation {
  return { property, insight: p.insight.intentionKey, finding: p.index, text: `${describe(p.view)}: ${text}` };
}

/** "level_shift of impressions (total) on 2025-07-03": how a violation names its finding. */
export function describe(v: FindingView): string {
  const where = v.segment ? `${v.segment.dimension} “${v.segment.value}”` : "total";
  const when = v.date ? `on ${v.date}` : `${v.from}…${v.to}`;
  return `${v.kind} of ${v.metric} (${where}) ${when}`;
}

/** Numbers in violations: 4 significant digits, as a reader compares them. */
export const fmt = (x: number | null | undefined): string =>
  x === null || x === undefined ? "none" : Number.isFinite(x) ? String(Number(x.toPrecision(4))) : String(x);
