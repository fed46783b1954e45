// The engine's input from plain rows (a real series' file, a generated series), built as the report loader builds it
// (data/load-report-input.ts): the source's daily totals over the report's window, each segment's period totals and,
// for the segment watch, its days from the watch window's start. Every segment is watched (the loader screens them
// by volume first). For the property tests and the real series in vitest, which run the engine without a database.
import { PARTS, PART_INDEX, type PartKey, type PartValues } from "../data/parts";
import { ProjectData, sourceDaily, type SegmentRow } from "../data/project-data";
import { segmentDailySeries, type SegmentDaily, type SegmentDailySeries } from "../data/segment-daily";
import { reportWindow } from "../data/window";
import { segmentWatchRange } from "../engine/analyses/segment-watch";
import type { EngineInput, EngineProject } from "../engine/types";
import { addParts, periodRows } from "../synthetic/generate-project";
import type { Dimension } from "@/lib/insights/metrics";
import type { TableRow } from "./table-series-data";

export const ROWS_SOURCE_ID = "00000000-0000-4000-8000-0000000000aa";

function partsOf(values: Readonly<Record<string, number>>): PartValues {
  const out: PartValues = PARTS.map(() => null);
  for (const [key, v] of Object.entries(values)) if (key in PART_INDEX) out[PART_INDEX[key as PartKey]] = v;
  return out;
}

export interface RowsInputOptions {
  periodStart: string;
  periodEnd: string;
  project: EngineProject;
  sourceId?: string;
}

export function engineInputOfRows(rows: readonly TableRow[], options: RowsInputOptions): EngineInput {
  const window = reportWindow(options.periodStart, options.periodEnd, "previous_period");
  const sourceId = options.sourceId ?? ROWS_SOURCE_ID;
  const inWindow = rows.filter((r) => r.date >= window.historyStart && r.date <= window.periodEnd);
  const lastImported = rows.reduce((last, r) => (r.date > last ? r.date : last), "");
  const totals = new Map<string, PartValues>();
  const bySegment = new Map<string, { dimension: Dimension; value: string; days: Map<string, PartValues> }>();
  for (const r of [...inWindow].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))) {
    const parts = partsOf(r.values);
    totals.set(r.date, addParts(totals.get(r.date), parts));
    for (const [dimension, value] of Object.entries(r.segment ?? {})) {
      const key = `${dimension}\u0000${value}`;
      let s = bySegment.get(key);
      if (!s) bySegment.set(key, (s = { dimension: dimension as Dimension, value, days: new Map() }));
      s.days.set(r.date, addParts(s.days.get(r.date), parts));
    }
  }
  const range = segmentWatchRange(window.periodStart, window.periodEnd);
  const segmentRows: SegmentRow[] = [];
  const series: SegmentDailySeries[] = [];
  for (const s of bySegment.values()) {
    const periods = periodRows(window, { sourceId, dimension: s.dimension, value: s.value, combos: 1 }, s.days);
    // A period the segment had no day in has no row (the loader reads none).
    segmentRows.push(...periods.filter((p) => p.values !== undefined));
    const watched = new Map([...s.days].filter(([date]) => date >= range.from));
    series.push(segmentDailySeries({ sourceId, dimension: s.dimension, value: s.value, days: watched }));
  }
  const dimensions = [...new Set([...bySegment.values()].map((s) => s.dimension))];
  const data = new ProjectData(window, [sourceDaily(sourceId, totals, lastImported)], segmentRows, dimensions);
  const segmentDaily: SegmentDaily = { from: range.from, to: window.periodEnd, series };
  return { data, segmentDaily, window, project: options.project };
}
