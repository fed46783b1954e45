import "server-only";
import type { Dimension } from "@/lib/insights/metrics";
import type { SiteTypeKey } from "@/lib/insights/intentions";
import { neededDimensions } from "../engine/applicable";
import { segmentWatchRange } from "../engine/analyses/segment-watch";
import type { EngineInput, EngineProject } from "../engine/types";
import { ensureDailyTotals } from "./daily-totals";
import { activeSources, loadProjectData } from "./load-project-data";
import { loadPaidCampaignDays } from "./load-paid-campaign-days";
import { loadSegmentDaily } from "./load-segment-daily";
import { pickWatchedSegments } from "./pick-watched-segments";
import type { SegmentDaily } from "./segment-daily";
import type { CompareTo } from "@/lib/dates";
import { reportWindow } from "./window";
import { analyticsSeams } from "./analytics-seam";

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
 * those totals show to be worth watching (pick-watched-segments.ts, load-segment-daily.ts), read
 * per source as soon as that source's totals are in.
 */
/** What the engine reads of a project's row: its site type, URL, currency and primary KPI setting. */
export function engineProjectOf(project: {
  siteType: string;
  url: string | null;
  currency: string;
  settings: Record<string, unknown> | null;
}): EngineProject {
  const setting = project.settings?.primaryKpi;
  return {
    siteType: project.siteType as SiteTypeKey,
    url: project.url,
    currency: project.currency,
    primaryKpi: typeof setting === "string" ? setting : null,
  };
}

export async function loadReportInput(options: {
  projectId: string;
  project: EngineProject;
  periodStart: string;
  periodEnd: string;
  compareTo: CompareTo;
}): Promise<EngineInput> {
  const window = reportWindow(options.periodStart, options.periodEnd, options.compareTo);
  const sources = await activeSources(options.projectId);
  const sourceIds = sources.map((s) => s.id);
  const siteType: SiteTypeKey = options.project.siteType;
  const range = segmentWatchRange(window.periodStart, window.periodEnd);
  // The rollup is rebuilt first (when an import changed a source), so the reads below never race it.
  await ensureDailyTotals(sourceIds);
  const seams = (await analyticsSeams(sourceIds)).filter((s) => window.periodEnd >= s.from);
  const dimensions = [...new Set([...neededDimensions(siteType), ...WATCHED_DIMENSIONS])];
  // Each source's watched segments are picked and read as soon as its per-value totals are in,
  // while the other sources' totals are still being summed (Search Console's thousands of queries
  // take longest); the series then follow the sources in the order the whole data lists them.
  const watched = new Map<string, Promise<SegmentDaily | undefined>>();
  const paid = new Map<string, ReturnType<typeof loadPaidCampaignDays>>();
  const data = await loadProjectData({
    projectId: options.projectId,
    window,
    dimensions,
    sourceIds,
    rollupsChecked: true,
    seams,
    onSourceTotals: (sourceId, own) => {
      // Only a daily source's segments are watched day by day: a weekly or monthly row has no day to judge.
      const daily = sources.find((s) => s.id === sourceId)?.grain === "day";
      const read = daily
        ? loadSegmentDaily({
            projectId: options.projectId,
            sourceIds: [sourceId],
            dimensions: WATCHED_DIMENSIONS,
            segments: pickWatchedSegments(own, WATCHED_DIMENSIONS),
            from: range.from,
            to: window.periodEnd,
            seam: seams.find((s) => s.currentId === sourceId),
          })
        : Promise.resolve(undefined);
      // The paid campaigns' days, for ad metrics broken down by campaign (load-paid-campaign-days.ts).
      const paidDays = loadPaidCampaignDays(sourceId, own, window);
      // Awaited below; a failure while other reads are still running must not go unhandled.
      read.catch(() => undefined);
      paidDays.catch(() => undefined);
      watched.set(sourceId, read);
      paid.set(sourceId, paidDays);
    },
  });
  const perSource = await Promise.all(data.sources.map((s) => watched.get(s.sourceId)));
  for (const [sourceId, read] of paid) {
    const days = await read;
    if (days) data.setPaidCampaignDays(sourceId, days);
  }
  const segmentDaily: SegmentDaily = {
    from: range.from,
    to: window.periodEnd,
    series: perSource.flatMap((d) => d?.series ?? []),
    untestedShifts: perSource.reduce((n, d) => n + (d?.untestedShifts ?? 0), 0),
  };
  const sourceNames = Object.fromEntries(sources.map((s) => [s.id, s.name]));
  // Each metric is read at its own source's grain (source-grain.ts): a weekly file's row is a week, never a day.
  const sourceGrains = Object.fromEntries(sources.map((s) => [s.id, s.grain]));
  return { data, segmentDaily, window, project: { ...options.project, sourceNames, sourceGrains } };
}
