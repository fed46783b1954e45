import "server-only";
import type { Dimension } from "@/lib/insights/metrics";
import type { SiteTypeKey } from "@/lib/insights/intentions";
import { neededDimensions } from "../engine/applicable";
import { segmentWatchRange } from "../engine/analyses/segment-watch";
import type { EngineInput, EngineProject } from "../engine/types";
import { ensureDailyTotals } from "./daily-totals";
import { activeSourceIds, loadProjectData } from "./load-project-data";
import { loadSegmentDaily } from "./load-segment-daily";
import type { CompareTo } from "../stats/dates";
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
 * Everything the engine needs for one report, read side by side on separate connections: the
 * per-source daily totals and per-segment period totals (load-project-data.ts) and the watched
 * segments' daily values (load-segment-daily.ts).
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
  // The rollup is rebuilt first (when an import changed a source), so the two reads below never race it.
  await ensureDailyTotals(sourceIds);
  const [data, segmentDaily] = await Promise.all([
    loadProjectData({ projectId: options.projectId, window, dimensions: neededDimensions(siteType), sourceIds }),
    loadSegmentDaily({
      projectId: options.projectId,
      sourceIds,
      dimensions: WATCHED_DIMENSIONS,
      from: range.from,
      to: window.periodEnd,
    }),
  ]);
  return { data, segmentDaily, window, project: options.project };
}
