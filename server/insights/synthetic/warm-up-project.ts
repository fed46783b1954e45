import { PART_INDEX, PARTS, type PartValues } from "../data/parts";
import { ProjectData, sourceDaily, type SegmentRow, type SourceDaily } from "../data/project-data";
import { DenseSegmentDays, segmentDailySeries, type SegmentDailySeries } from "../data/segment-daily";
import type { EngineInput } from "../engine/types";
import { addDays, dayOfWeek } from "@/lib/dates";
import { gaussian, mulberry32 } from "@/lib/seeded-random";
import { generateProject } from "./generate-project";

// A project shaped like a large client's, for warming up the report worker (generate-report.ts):
// the synthetic shop of generate-project.ts plus 2,000 landing pages and a Search Console source
// with 5,000 queries, thirty of them watched day by day. The quality projects have a few channels
// only: warmed on them, the engine met its first thousands of values and tens of watched series in
// a real report, whose time was then half again a warm one's (the report bench's 30-day report).

const LANDING_PAGES = 2_000;
const QUERIES = 5_000;
const WATCHED_QUERIES = 30;
const SEARCH_SOURCE = "00000000-0000-4000-8000-000000000002";

export function largeWarmUpInput(seed: number): EngineInput {
  const base = generateProject(seed, true).input;
  const random = mulberry32(seed * 31 + 7);
  const z = gaussian(random);
  const { window } = base;
  const shop = base.data.sources[0];
  const rows: SegmentRow[] = [];
  for (const dimension of ["channel", "device"] as const)
    for (const segment of base.data.sourceSegments(shop.sourceId, dimension))
      for (const current of [true, false]) {
        const values = current ? segment.current : segment.baseline;
        if (values) rows.push({ sourceId: shop.sourceId, dimension, value: segment.value, current, combos: 1, values });
      }
  // Landing pages: the shop's sessions, conversions and revenue shared out by a long-tailed weight.
  for (let page = 0; page < LANDING_PAGES; page++) {
    const weight = 1 / (page + 10);
    for (const current of [true, false]) {
      const values: PartValues = PARTS.map(() => null);
      const sessions = Math.round(40_000 * weight * (1 + 0.2 * z()));
      values[PART_INDEX.sessions] = sessions;
      values[PART_INDEX.engagedSessions] = Math.round(sessions * 0.6);
      values[PART_INDEX.conversions] = Math.round(sessions * 0.03);
      values[PART_INDEX.transactions] = Math.round(sessions * 0.03);
      values[PART_INDEX.revenue] = Math.round(sessions * 2.4 * 100) / 100;
      rows.push({ sourceId: shop.sourceId, dimension: "landingPage", value: `/p/${page}`, current, combos: 1, values });
    }
  }
  // Search Console: daily clicks and impressions over the shop's days, and 5,000 queries.
  const searchDays = new Map<string, PartValues>();
  const watched: SegmentDailySeries[] = [];
  for (const [date] of shop.days) searchDays.set(date, searchDay(8_000 * weekly(date), z));
  for (let query = 0; query < QUERIES; query++) {
    const weight = 1 / (query + 20);
    for (const current of [true, false])
      rows.push({
        sourceId: SEARCH_SOURCE,
        dimension: "query",
        value: `query ${query}`,
        current,
        combos: 1,
        values: searchDay(30 * 8_000 * weight, z),
      });
    if (query < WATCHED_QUERIES) {
      const days = new Map<string, PartValues>();
      for (let date = base.segmentDaily.from; date <= window.periodEnd; date = addDays(date, 1))
        days.set(date, searchDay(8_000 * weight * weekly(date), z));
      watched.push(segmentDailySeries({ sourceId: SEARCH_SOURCE, dimension: "query", value: `query ${query}`, days }));
    }
  }
  const sources: SourceDaily[] = [shop, sourceDaily(SEARCH_SOURCE, searchDays)];
  const data = new ProjectData(window, sources, rows, ["channel", "device", "landingPage", "query"]);
  // Kept as a report's loader keeps them (load-segment-daily.ts), so the engine's code for those is what warms up.
  const { from, to } = base.segmentDaily;
  const series = [...base.segmentDaily.series, ...watched].map((s) =>
    segmentDailySeries({ ...s, days: DenseSegmentDays.fromMap(s.days, from, to) }),
  );
  return { ...base, data, segmentDaily: { ...base.segmentDaily, series } };
}

function weekly(date: string): number {
  return [0.8, 1.05, 1.1, 1.05, 1.0, 0.95, 0.85][dayOfWeek(date)];
}

/** One day (or period) of a search source: impressions, clicks about 4 % of them, position near 8. */
function searchDay(expectedClicks: number, z: () => number): PartValues {
  const values: PartValues = PARTS.map(() => null);
  const clicks = Math.max(0, Math.round(expectedClicks * (1 + 0.1 * z())));
  const impressions = Math.round(clicks * 25 * (1 + 0.05 * z()));
  values[PART_INDEX.clicks] = clicks;
  values[PART_INDEX.impressions] = impressions;
  values[PART_INDEX.positionWeighted] = impressions * 8;
  return values;
}
