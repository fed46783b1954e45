import "server-only";
import type { Dimension } from "@/lib/insights/metrics";
import { daysBetween } from "@/lib/dates";
import { pool } from "../../db/client";
import { DIMENSION_COLUMNS, PART_INDEX, PARTS } from "./parts";
import {
  DenseSegmentDays,
  WATCHED_PARTS,
  segmentDailySeries,
  type SegmentDaily,
  type SegmentDailySeries,
} from "./segment-daily";
import type { WatchedSegment } from "./pick-watched-segments";
import { legacyPart, type AnalyticsSeam } from "./analytics-seam";

// The daily values of the watched segments (pick-watched-segments.ts chose them from the period
// totals), read from the segment rollup (daily-totals.ts, `observation_segment_daily`): one
// primary-key range per segment, so a report reads segments × days rows, however many
// observations lie behind them.

function query(): string {
  const parts = WATCHED_PARTS.map((p) => PARTS[PART_INDEX[p]].column);
  // One row per segment: its days (as offsets from the first day) and each part's values, every one
  // a run of big-endian binary numbers (int4send, float8send) in date order, a null part as NaN (no
  // import stores a NaN: the number parsers refuse one). Sent as hex text: node-postgres decodes a
  // binary-format result as UTF-8, which would garble the bytes.
  // Row by row, the 30,000 (segment, day) rows of a 30-day report were most of the read's Node time:
  // every cell a string, then a number, then garbage.
  return `
    select p.seg,
           string_agg(int4send(r.date - $1::date), ''::bytea order by r.date) as days,
           ${parts.map((c) => `string_agg(float8send(coalesce(r.${c}, 'NaN')), ''::bytea order by r.date)`).join(",\n           ")}
    from unnest($3::int[], $4::uuid[], $5::text[], $6::text[], $7::date[]) as p(seg, source, dimension, value, until)
    join observation_segment_daily r
      on r.data_source_id = p.source and r.dimension = p.dimension and r.value = p.value
     and r.date between $1::date and least($2::date, p.until)
    group by p.seg`;
}

export async function loadSegmentDaily(options: {
  projectId: string;
  sourceIds: readonly string[];
  dimensions: readonly Dimension[];
  segments: readonly WatchedSegment[];
  from: string;
  to: string;
  /**
   * The Universal Analytics → GA4 seam of the source the segments are of (analytics-seam.ts): each segment's days
   * before GA4's first day are read from the UA source, as the source's period totals were.
   */
  seam?: AnalyticsSeam;
}): Promise<SegmentDaily> {
  const { sourceIds, dimensions, segments, from, to, seam } = options;
  const empty: SegmentDaily = { from, to, series: [] };
  if (sourceIds.length === 0 || segments.length === 0) return empty;
  const inDimensions = segments.filter((s) => dimensions.includes(s.dimension));
  const watched = inDimensions.filter((s) => !s.screenedOut);
  const untestedShifts = inDimensions.length - watched.length;
  // A segment of a stitched source is read from both: the GA4 source to the end, the UA one before GA4's first day
  // (one segment number, so its days come as one run in date order).
  const legacy = seam ? legacyPart(seam, from, to) : null;
  const pairs = watched.flatMap((s, i) => {
    const own = { seg: i, source: s.sourceId, dimension: DIMENSION_COLUMNS[s.dimension], value: s.value, until: to };
    return legacy && seam!.currentId === s.sourceId
      ? [own, { ...own, source: seam!.legacyId, until: legacy.to }]
      : [own];
  });
  const { rows } = await pool().query<unknown[]>({
    text: query(),
    values: [
      from,
      to,
      pairs.map((p) => p.seg),
      pairs.map((p) => p.source),
      pairs.map((p) => p.dimension),
      pairs.map((p) => p.value),
      pairs.map((p) => p.until),
    ],
    rowMode: "array",
  });
  const read = segmentDays(rows, daysBetween(from, to));
  const series: SegmentDailySeries[] = watched.flatMap((s, i) => {
    const days = read.get(i);
    if (!days) return [];
    return [segmentDailySeries({ ...s, days: new DenseSegmentDays(from, days.present, days.parts) })];
  });
  return { from, to, series, untestedShifts };
}

/**
 * Each segment's days from the query's rows (segment number, day offsets, one run of values per watched part): the
 * days at their offsets, each part's values in their own array, NaN where the row has none (DenseSegmentDays).
 */
function segmentDays(
  rows: readonly unknown[][],
  length: number,
): Map<number, { present: Uint8Array; parts: (Float64Array | undefined)[] }> {
  const read = new Map<number, { present: Uint8Array; parts: (Float64Array | undefined)[] }>();
  for (const row of rows) {
    const days = row[1] as Buffer;
    const present = new Uint8Array(length);
    const at = new Int32Array(days.length / 4);
    for (let k = 0; k < at.length; k++) present[(at[k] = days.readInt32BE(4 * k))] = 1;
    const parts: (Float64Array | undefined)[] = new Array(PARTS.length).fill(undefined);
    WATCHED_PARTS.forEach((part, i) => {
      const bytes = row[2 + i] as Buffer;
      let values: Float64Array | undefined;
      for (let k = 0; k < at.length; k++) {
        const v = bytes.readDoubleBE(8 * k);
        if (Number.isNaN(v)) continue;
        values ??= new Float64Array(length).fill(NaN);
        values[at[k]] = v;
      }
      parts[PART_INDEX[part]] = values;
    });
    read.set(Number(row[0]), { present, parts });
  }
  return read;
}

/**
 * The segments' read compiled before the first real report (the report worker's warm-up, generate-report.ts):
 * generated rows of 200 segments over 86 days in the query's shape, a day in seven missing and a part null, decoded
 * as a report's are. Cold, the first report's segment days took 40 ms more than the next ones'.
 */
export async function warmUpSegmentDailyRead(): Promise<number> {
  const runs = WATCHED_PARTS.map(
    (_, i) =>
      `string_agg(float8send(${i === 1 ? "'NaN'::float8" : `(s * ${i + 1} + d)::float8`}), ''::bytea order by d)`,
  );
  const { rows } = await pool().query<unknown[]>({
    text: `select s, string_agg(int4send(d), ''::bytea order by d), ${runs.join(", ")}
           from generate_series(0, 199) s, generate_series(0, 85) d where (s + d) % 7 <> 0 group by s`,
    rowMode: "array",
  });
  return segmentDays(rows, 86).size;
}

export const segmentDailyQueryForTest = query;
