import type { CubeSeries } from "../data/cube";
import type { SegmentDailySeries } from "../data/segment-daily";
import type { ReportContext } from "./analysis";

// Which (segment, metric) series a report watches: every watched segment (pick-watched-segments.ts chose them by
// volume) in the metrics it has enough of to be judged. A segment past a dimension's largest ("narrow") is watched in
// its traffic and the KPI; one further out ("tail") in its traffic alone. Series that repeat another dimension's
// series day for day (Channel "Email" and Source "newsletter") are watched once; the others are named with it.

/** The additive metrics a segment is watched in, then the ratios read from them. */
const SEGMENT_METRICS = [
  "sessions",
  "engagedSessions",
  "conversions",
  "leads",
  "transactions",
  "revenue",
  "clicks",
  "impressions",
  "cost",
  "position",
] as const;
const TRAFFIC = ["sessions", "clicks", "impressions"];
/** A series averaging less than this a period over its window has too little to judge (counts). */
const MIN_MEAN = 0.5;

export interface WatchedSeries {
  series: CubeSeries;
  /** Segments of other dimensions whose series of this metric are this one's, day for day. */
  sameRowsAs: { dimension: string; dimensionValue: string }[];
}

function meanOf(s: CubeSeries): number {
  let sum = 0;
  let k = 0;
  s.values.forEach((v) => {
    if (Number.isFinite(v)) {
      sum += v;
      k++;
    }
  });
  return k > 0 ? sum / k : 0;
}

/** A fingerprint of a series' values, to find the same rows under another dimension. */
const fingerprint = (s: CubeSeries) => `${s.sourceId}|${s.metric}|${Array.from(s.values).join(",")}`;

function metricsOf(ctx: ReportContext, s: SegmentDailySeries): string[] {
  const kpi = ctx.kpi?.metric;
  const content = ctx.project.siteType === "content" || ctx.project.siteType === "brand";
  const all = SEGMENT_METRICS.filter((m) => m !== "engagedSessions" || content || m === kpi);
  if (!s.narrow) return all;
  const traffic = all.filter((m) => TRAFFIC.includes(m));
  return s.tail ? traffic.slice(0, 1) : [...traffic.slice(0, 1), ...(kpi ? [kpi] : [])];
}

/** The watched (segment, metric) series of a report, each once. */
export function watchedSeries(ctx: ReportContext): WatchedSeries[] {
  const out: WatchedSeries[] = [];
  const seen = new Map<string, WatchedSeries>();
  for (const segment of ctx.cube.segmentDaily.series) {
    for (const metric of metricsOf(ctx, segment)) {
      const series = ctx.cube.segment(segment, metric);
      if (!series || !hasData(series) || isSameCount(ctx, segment, series)) continue;
      const key = fingerprint(series);
      const twin = seen.get(key);
      if (twin && twin.series.dimension !== series.dimension) {
        twin.sameRowsAs.push({ dimension: series.dimension!, dimensionValue: series.value! });
        continue;
      }
      const watched = { series, sameRowsAs: [] };
      seen.set(key, watched);
      out.push(watched);
    }
  }
  return out;
}

/**
 * Conversions that are this segment's transactions (or leads) day for day (engine/same-counts.ts): one series, watched
 * as that count. Tested twice, each of its days raised the bar the report-wide FDR holds every finding to: a campaign
 * account's 10 largest campaigns added 300 day tests (1,520 → 1,820) and a small campaign's 5 SD day fell short of it.
 */
function isSameCount(ctx: ReportContext, segment: SegmentDailySeries, series: CubeSeries): boolean {
  const same = ctx.sameCount;
  if (!same || series.metric !== same.alias) return false;
  const canonical = ctx.cube.segment(segment, same.canonical);
  if (!canonical || canonical.values.length !== series.values.length) return false;
  return series.values.every((v, i) => Object.is(v, canonical.values[i]) || v === canonical.values[i]);
}

function hasData(series: CubeSeries): boolean {
  if (series.family === "count" || series.family === "amount") return meanOf(series) >= MIN_MEAN || hasAny(series);
  return series.weights !== null && series.weights.some((w) => w > 0);
}

/** Any non-zero period: a count that stopped or started is watched even when its mean is small. */
const hasAny = (series: CubeSeries) => series.values.some((v) => Number.isFinite(v) && v >= 1);
