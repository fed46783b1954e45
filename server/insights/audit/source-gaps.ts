import { dataKindOf } from "../attribute/factors";
import type { ProjectData } from "../data/project-data";
import { grainOfSource } from "../data/source-grain";
import { findPartialLastDay, findTrackingGaps, type AuditFinding } from "../detectors/data-quality";
import type { EngineProject } from "../engine/types";

// Tracking gaps and a cut-short last row, source by source: each source's own traffic (sessions, else clicks, else
// impressions) read from that source alone, so a Search Console source beside a store's weekly export is checked too,
// and the days found belong to the source whose data they are (audit/unknown-days.ts). The audit tells these findings;
// the engine leaves their days out of that source's metrics only.

const TRAFFIC = ["sessions", "clicks", "impressions"] as const;
export type TrafficMetric = (typeof TRAFFIC)[number];

/** The traffic a source's tracking gaps show in: its sessions, else its clicks, else its impressions. */
export function sourceTraffic(data: ProjectData, sourceId: string): TrafficMetric | null {
  return TRAFFIC.find((m) => data.hasPart(m, sourceId)) ?? null;
}

export interface SourceGap {
  sourceId: string;
  finding: AuditFinding;
}

/**
 * Each source's tracking gaps and cut-short last row from `from` to the report's end, in the sources' order: a
 * finding names its source's kind of data (an ad account's or Search Console's, not an analytics tag's) and, on
 * weekly or monthly data, that its last value is a week's or a month's.
 */
export function sourceGaps(data: ProjectData, project: Pick<EngineProject, "sourceGrains">, from: string): SourceGap[] {
  return data.sources.flatMap((s) => {
    const metric = s.days.size > 0 ? sourceTraffic(data, s.sourceId) : null;
    if (!metric) return [];
    const series = data.series(metric, from, data.window.periodEnd, s.sourceId);
    const end = data.dataEnd(metric, from, s.sourceId);
    const own = grainOfSource(project, s.sourceId);
    const grain = own !== "day" ? { grain: own } : {};
    const dataKind = dataKindOf((part) => data.hasPart(part, s.sourceId));
    const kind = dataKind ? { dataKind } : {};
    const found = [
      ...findTrackingGaps(series, { metric }).map((f) => ({ ...f, ...kind })),
      ...(end ? findPartialLastDay(series, { metric, date: end }).map((f) => ({ ...f, ...grain, ...kind })) : []),
    ];
    return found.map((finding) => ({ sourceId: s.sourceId, finding }));
  });
}
