import "server-only";
import type { Dimension } from "@/lib/insights/metrics";
import type { SiteTypeKey } from "@/lib/insights/intentions";
import { neededDimensions } from "../engine/applicable";
import { segmentWatchRange } from "../engine/analyses/segment-watch";
import type { EngineInput, EngineProject } from "../engine/types";
import { ensureDailyTotals } from "./daily-totals";
import { activeSourceIds, loadProjectData } from "./load-project-data";
import { loadSegmentDaily } from "./load-segment-daily";
import { pickWatchedSegments } from "./pick-watched-segments";
import type { CompareTo } from "@/lib/dates";
import { reportWindow } from "./window";

/** Dimensions whose values are watched day by day (DESIGN: every segment, not only the total). */
export const WATCHED_DIMENSIONS: Dimension[] = [
  "channel",
  "source",
  "medium",
  "campaign",
  "device",
  "country",
  "landingPage",
  "query",
];

/**
 * Everything the engine needs for one report: the per-source daily totals and per-segment period
 * totals (load-project-data.ts, two queries side by side), then the daily values of the segments
 * those totals show to be worth watching (pick-watched-segments.ts, load-segment-daily.ts).
 */
export async function loadReportInput(options: {
  projectId: string;
  project: EngineProject;
  periodStart: string;
  periodEnd: string;
  compareTo: CompareTo;
}): Promise<EngineInput> {
  const window = reportWindow(options.periodStart, options.periodEnd, options.compareTo);
  const sourceIds = await activeSourceIds(options.projectId);
  const siteType: SiteTypeKey = options.project.siteType;
  const range = segmentWatchRange(window.periodStart, window.periodEnd);
  // The rollup is rebuilt first (when an import changed a source), so the reads below never race it.
  await ensureDailyTotals(sourceIds);
  const dimensions = [...new Set([...neededDimensions(siteType), ...WATCHED_DIMENSIONS])];
  const data = await loadProjectData({
    projectId: options.projectId,
    window,
    dimensions,
    sourceIds,
    rollupsChecked: true,
  });
  const segmentDaily = await loadSegmentDaily({
    projectId: options.projectId,
    sourceIds,
    dimensions: WATCHED_DIMENSIONS,
    segments: pickWatchedSegments(data, WATCHED_DIMENSIONS),
    from: range.from,
    to: window.periodEnd,
  });
  return { data, segmentDaily, window, project: options.project };
}
