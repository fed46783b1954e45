import "server-only";
import type { Grain } from "@/lib/csv-import/grain";
import { DIMENSIONS, type Dimension } from "@/lib/insights/metrics";
import { addDays } from "@/lib/dates";
import type { PoolClient } from "pg";
import { pool } from "../../db/client";
import { ensureDailyTotals, SEGMENT_PARTS } from "./daily-totals";
import { PARTS, PART_INDEX, DIMENSION_COLUMNS, type PartValues } from "./parts";
import { ProjectData, sourceDaily, type SegmentRow, type SourceDaily } from "./project-data";
import { pickWatchedSegments } from "./pick-watched-segments";
import { splitIntoRollups } from "./rollup-periods";
import { reportWindow, type ReportWindow } from "./window";
import { analyticsSeams, legacyPart, stitchDays, type AnalyticsSeam } from "./analytics-seam";

// Everything a report reads, in set-based queries that run side by side (one connection each),
// whatever the number of intentions:
//   1. daily totals per data source and day over the whole window (history + comparison +
//      period), from the per-source daily rollup (daily-totals.ts, rebuilt first when a source
//      changed): the sum over a (source, day)'s rows is that source's total for additive parts,
//      because all rows of a (source, day) share one grain (schema/observations.ts);
//   2. per-dimension-value totals for the current and the comparison period, one query per source
//      and period over the segment rollups (their four-week blocks, weeks and edge days: segmentQuery).
// PostgreSQL does the aggregation: what reaches JS is at most sources × days rows from (1) and
// sources × distinct values × 2 from (2), whatever the number of observations.
//
// `users` is not additive: (1) keeps it only for a (source, day) with a single row (that row is
// the source's whole day); (2) never reads it.

function dailyQuery(): string {
  return `
    select data_source_id as source, to_char(date, 'YYYY-MM-DD') as date, ${PARTS.map((p, i) => `${p.column} as p${i}`).join(", ")}
    from observation_daily_totals
    where data_source_id = any($4::uuid[]) and project_id = $1 and date between $2::date and $3::date`;
}

function segmentQuery(columns: readonly string[] = SEGMENT_PARTS.map((p) => p.column)): string {
  // One period's aggregate over the segment rollups (daily-totals.ts): its whole four-week blocks, the whole ISO
  // weeks around them and its edge days (rollup-periods.ts), each an index range scan. A report asks for its two
  // periods side by side, each on its own connection: as one query (a union sorted by source, dimension, value and
  // period) Search Console's 5,000 queries took 75-120 ms on the report bench, as two 38-57 ms. `rows` tells
  // whether the dimension covers all the source's rows. Only `columns` are summed: a source's query names the parts
  // it has (the others would sum to null anyway). Sorted bytewise (COLLATE "C"), the order mergePeriods keeps.
  const sums = columns.map((c) => `, sum(r.${c}) as ${c}`).join("");
  const picked = `r.dimension, r.value, r.rows${columns.map((c) => `, r.${c}`).join("")}`;
  const filter = "r.data_source_id = any($1::uuid[]) and r.dimension = any($2::text[])";
  // The period's 14 dates from parameter $3: blocks (2), weeks (2 ranges), days (4 ranges).
  const ranges = (column: string, $: number, count: number) =>
    Array.from({ length: count }, (_, i) => `r.${column} between $${$ + 2 * i}::date and $${$ + 2 * i + 1}::date`).join(
      " or ",
    );
  return `
      select r.dimension, r.value, sum(r.rows)::bigint as rows${sums}
      from (
        select ${picked} from observation_segment_four_weekly r
        where ${filter} and (${ranges("block", 3, 1)})
        union all
        select ${picked} from observation_segment_weekly r
        where ${filter} and (${ranges("week", 5, 2)})
        union all
        select ${picked} from observation_segment_daily r
        where ${filter} and (${ranges("date", 9, 4)})
      ) r
      group by r.dimension, r.value
      order by r.dimension collate "C", r.value collate "C"`;
}

/** A period's 14 date parameters for `segmentQuery`. */
function periodParams(from: string, to: string): string[] {
  const { blocks, weeks, days } = splitIntoRollups(from, to);
  return [...blocks, ...weeks, ...days];
}

/** Per source, how many observation rows the two compared periods hold (each period counted once). */
function rowCountQuery(): string {
  return `
    select data_source_id as source,
           coalesce(sum(rows) filter (where date between $2::date and $3::date), 0)
           + coalesce(sum(rows) filter (where date between $4::date and $5::date), 0) as rows
    from observation_daily_totals
    where data_source_id = any($6::uuid[]) and project_id = $1
    group by data_source_id`;
}

/**
 * Runs one query on its own pooled connection with more memory for hashing than the default
 * 4 MB, so PostgreSQL hashes groups instead of sorting millions of rows on disk, and without
 * parallel workers.
 */
async function aggregate(text: string, values: unknown[]): Promise<{ rows: Record<string, string | number | null>[] }> {
  return inTransaction((client) => client.query<Record<string, string | number | null>>(text, values));
}

/** `aggregate` with each row as an array in the query's column order, and the columns' names. */
async function aggregateRows(text: string, values: unknown[]): Promise<{ rows: unknown[][]; columns: string[] }> {
  const result = await inTransaction((client) => client.query<unknown[]>({ text, values, rowMode: "array" }));
  return { rows: result.rows, columns: result.fields.map((f) => f.name) };
}

async function inTransaction<T>(run: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool().connect();
  try {
    // One round trip (simple protocol). Parallel workers off: a report reads its sources side by
    // side already, and on the bench's 2 cores their gathers only competed (30-day read 96 → 86 ms
    // median, 365 days unchanged; scripts/bench/profile-report.ts).
    await client.query("begin; set local work_mem = '64MB'; set local max_parallel_workers_per_gather = 0");
    const result = await run(client);
    await client.query("commit");
    return result;
  } catch (error) {
    await client.query("rollback").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

export interface LoadOptions {
  projectId: string;
  window: ReportWindow;
  /** Dimensions whose per-value totals are needed (the applicable intentions' and the audit's). */
  dimensions: readonly Dimension[];
  /** The project's active sources when the caller already read them. */
  sourceIds?: readonly string[];
  /** The caller has just made sure these sources' rollups are current (ensureDailyTotals). */
  rollupsChecked?: boolean;
  /**
   * The project's Universal Analytics → GA4 seams among the sources (analytics-seam.ts), when the caller read them:
   * each UA source is read as its GA4 source's days before GA4's first day, and is not a source of its own.
   */
  seams?: readonly AnalyticsSeam[];
  /**
   * Called as soon as one source's per-value totals are in, with that source alone (its daily
   * totals and segments, as the whole ProjectData holds them), while the other sources' are still
   * being read: the report picks and reads that source's watched segments meanwhile.
   */
  onSourceTotals?: (sourceId: string, data: ProjectData) => void;
}

/**
 * The project's active data sources. Suspended sources are left out of reports, and so are competitor
 * sources: their visits are another site's, never the client's own totals.
 */
export async function activeSourceIds(projectId: string): Promise<string[]> {
  return (await activeSources(projectId)).map((s) => s.id);
}

/** The project's active data sources (as `activeSourceIds`) with their names and the grain of their rows. */
export async function activeSources(projectId: string): Promise<{ id: string; name: string; grain: Grain }[]> {
  const active = await pool().query<{ id: string; name: string; grain: Grain }>(
    "select id, name, grain from data_sources where project_id = $1 and status = 'active' and kind <> 'competitor' order by id",
    [projectId],
  );
  return active.rows;
}

export async function loadProjectData(options: LoadOptions): Promise<ProjectData> {
  const { projectId, window, dimensions } = options;
  const dims = DIMENSIONS.filter((d) => dimensions.includes(d));
  // Passing the ids (rather than joining) keeps the planner's row estimates right, so it picks a
  // hash aggregate instead of sorting millions of rows.
  const sourceIds = [...(options.sourceIds ?? (await activeSourceIds(projectId)))];
  const empty = { rows: [] as Record<string, string | number | null>[] };
  if (sourceIds.length === 0) return new ProjectData(window, [], [], dims);
  if (!options.rollupsChecked) await ensureDailyTotals(sourceIds);
  // A seam applies once the window reaches GA4's first day; before it, the UA source is the project's analytics.
  const seams = (options.seams ?? (await analyticsSeams(sourceIds))).filter((s) => window.periodEnd >= s.from);
  const periods = [window.periodStart, window.periodEnd, window.comparisonStart, window.comparisonEnd];
  const [daily, rowCounts, lastDays] = await Promise.all([
    aggregate(dailyQuery(), [projectId, window.historyStart, window.periodEnd, sourceIds]),
    dims.length > 0 ? aggregate(rowCountQuery(), [projectId, ...periods, sourceIds]) : empty,
    // Each source's last day of all: a window's last day that is also its source's may be partial.
    // One backward probe of the rollup's key per source, whatever its history.
    pool().query<{ source: string; last: string | null }>(
      `select s.id as source,
              (select to_char(max(t.date), 'YYYY-MM-DD') from observation_daily_totals t where t.data_source_id = s.id) as last
       from unnest($1::uuid[]) as s(id)`,
      [sourceIds],
    ),
  ]);
  const lastImported = new Map(lastDays.rows.flatMap((r) => (r.last ? [[r.source, r.last] as const] : [])));
  // The per-value totals, one query per source (side by side) summing only the parts its daily
  // totals show it has: the segment rollup holds every part's column, and summing a source's
  // empty ones over 100,000+ rollup rows was most of a short report's read. Each source's two
  // periods are read side by side too (segmentQuery), and merged in their order.
  const has = new Map(sourceIds.map((id) => [id, new Set<number>()]));
  for (const row of daily.rows)
    PARTS.forEach((_, i) => {
      if (row[`p${i}`] !== null) has.get(String(row.source))?.add(i);
    });
  const dimensionColumns = dims.map((d) => DIMENSION_COLUMNS[d]);
  const periodDates = [
    periodParams(window.periodStart, window.periodEnd),
    periodParams(window.comparisonStart, window.comparisonEnd),
  ];
  const bySource = new Map<string, SourceDaily>();
  for (const row of daily.rows) {
    const source = String(row.source);
    let entry = bySource.get(source);
    if (!entry) bySource.set(source, (entry = sourceDaily(source, new Map(), lastImported.get(source))));
    entry.days.set(
      String(row.date),
      PARTS.map((_, i) => toNumber(row[`p${i}`])),
    );
  }
  stitchSources(bySource, seams, has);
  const legacyIds = new Set(seams.map((s) => s.legacyId));
  if (dims.length === 0) {
    const data = new ProjectData(window, [...bySource.values()], [], dims);
    data.seams = seams;
    return data;
  }
  const perSource = await Promise.all(
    // uuid text sorts as PostgreSQL orders uuids (byte order).
    [...sourceIds]
      .filter((id) => !legacyIds.has(id))
      .sort()
      .map(async (id) => {
        const columns = SEGMENT_PARTS.filter((p) => has.get(id)!.has(PART_INDEX[p.key])).map((p) => p.column);
        const text = segmentQuery(columns);
        const seam = seams.find((s) => s.currentId === id);
        const [current, baseline, legacy] = await Promise.all([
          aggregateRows(text, [[id], dimensionColumns, ...periodDates[0]]),
          aggregateRows(text, [[id], dimensionColumns, ...periodDates[1]]),
          seam ? legacySegmentRows(projectId, seam, window, columns, dimensionColumns, dims) : null,
        ]);
        // ProjectData groups the rows by source and dimension, so one source's rows (its null-value
        // rows after its values) build the same segments alone as among all.
        const own = segmentRowsOf(
          id,
          mergePeriods(current.rows, baseline.rows),
          current.columns,
          rowCounts.rows.filter((r) => String(r.source) === id),
          dims,
        );
        const segmentRows = legacy ? addSegmentRows(own, legacy) : own;
        const ownDays = bySource.get(id);
        const data = new ProjectData(window, ownDays ? [ownDays] : [], segmentRows, dims);
        options.onSourceTotals?.(id, data);
        return data;
      }),
  );
  const data = ProjectData.combine(window, [...bySource.values()], perSource, dims);
  data.seams = seams;
  return data;
}

/**
 * Each seam's UA days before GA4's first day read as the GA4 source's (analytics-seam.ts), the UA source no source of
 * its own; `has` (the parts each source has in the window) gets UA's parts on the GA4 source.
 */
function stitchSources(
  bySource: Map<string, SourceDaily>,
  seams: readonly AnalyticsSeam[],
  has: Map<string, Set<number>>,
): void {
  if (seams.length === 0) return;
  const days = new Map([...bySource].map(([id, s]) => [id, s.days]));
  stitchDays(days, seams);
  for (const seam of seams) {
    const current = bySource.get(seam.currentId);
    bySource.delete(seam.legacyId);
    const stitched = days.get(seam.currentId);
    if (stitched) bySource.set(seam.currentId, sourceDaily(seam.currentId, stitched, current?.lastImported));
    const parts = has.get(seam.currentId) ?? new Set<number>();
    for (const p of has.get(seam.legacyId) ?? []) parts.add(p);
    has.set(seam.currentId, parts);
  }
}

/**
 * A seam's UA per-value totals over each period's days before GA4's first day (segmentRowsOf's rows, under the GA4
 * source's id), for addSegmentRows.
 */
async function legacySegmentRows(
  projectId: string,
  seam: AnalyticsSeam,
  window: ReportWindow,
  columns: readonly string[],
  dimensionColumns: readonly string[],
  dims: readonly Dimension[],
): Promise<SegmentRow[]> {
  const current = legacyPart(seam, window.periodStart, window.periodEnd);
  const baseline = legacyPart(seam, window.comparisonStart, window.comparisonEnd);
  if (!current && !baseline) return [];
  const text = segmentQuery(columns);
  const none = { rows: [] as unknown[][], columns: [] as string[] };
  // A period without UA days: a range that holds no day.
  const never = ["1900-01-02", "1900-01-01"];
  const [a, b, counts] = await Promise.all([
    current
      ? aggregateRows(text, [[seam.legacyId], dimensionColumns, ...periodParams(current.from, current.to)])
      : none,
    baseline
      ? aggregateRows(text, [[seam.legacyId], dimensionColumns, ...periodParams(baseline.from, baseline.to)])
      : none,
    aggregate(rowCountQuery(), [
      projectId,
      ...(current ? [current.from, current.to] : never),
      ...(baseline ? [baseline.from, baseline.to] : never),
      [seam.legacyId],
    ]),
  ]);
  return segmentRowsOf(
    seam.currentId,
    mergePeriods(a.rows, b.rows),
    a.columns.length > 0 ? a.columns : b.columns,
    counts.rows,
    dims,
  );
}

/**
 * One source's per-value totals with a seam's UA ones added: a value's parts summed per period (a part either side
 * lacks counts as the other's), and a dimension that either side's rows do not all have (a null-value row) is one the
 * stitched source cannot split by.
 */
function addSegmentRows(own: readonly SegmentRow[], legacy: readonly SegmentRow[]): SegmentRow[] {
  const key = (r: SegmentRow) => `${r.dimension}\u0000${r.value ?? "\u0001"}\u0000${r.current ? 1 : 0}`;
  const out = new Map<string, SegmentRow>();
  for (const row of own) out.set(key(row), row);
  for (const row of legacy) {
    const k = key(row);
    const mine = out.get(k);
    if (!mine) {
      out.set(k, row);
      continue;
    }
    if (row.value === null) continue;
    out.set(k, {
      ...mine,
      combos: mine.combos + row.combos,
      values: mine.values.map((v, i) => (v === null ? row.values[i] : row.values[i] === null ? v : v + row.values[i]!)),
    });
  }
  // In the order the loader's rows come (dimension column, then value, bytewise; the current period first), the
  // null-value rows last, as segmentRowsOf lists them.
  const rank = (r: SegmentRow) => (r.value === null ? 1 : 0);
  return [...out.values()].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      compareBytewise(DIMENSION_COLUMNS[a.dimension], DIMENSION_COLUMNS[b.dimension]) ||
      compareBytewise(a.value ?? "", b.value ?? "") ||
      Number(b.current) - Number(a.current),
  );
}

/** A row of one period's per-value totals (segmentQuery: dimension, value, rows, parts), and which period it is of. */
type PeriodRow = { row: unknown[]; current: boolean };

/**
 * The two periods' per-value totals of one source as one list, in the order each comes in (dimension, then value,
 * bytewise: segmentQuery's COLLATE "C"), the current period's row first where both have the value.
 */
function mergePeriods(current: readonly unknown[][], baseline: readonly unknown[][]): PeriodRow[] {
  const out: PeriodRow[] = [];
  let i = 0;
  let j = 0;
  while (i < current.length || j < baseline.length) {
    const order =
      i === current.length
        ? 1
        : j === baseline.length
          ? -1
          : compareBytewise(String(current[i][0]), String(baseline[j][0])) ||
            compareBytewise(String(current[i][1]), String(baseline[j][1]));
    if (order <= 0) out.push({ row: current[i++], current: true });
    else out.push({ row: baseline[j++], current: false });
  }
  return out;
}

/**
 * Two strings in the order of their UTF-8 bytes (PostgreSQL's "C" collation), which is their code points' order.
 * JavaScript compares UTF-16 units, which differs where a character past U+FFFF (a surrogate pair, from U+D800)
 * meets one from U+E000 to U+FFFF: surrogates are moved above those.
 */
export function compareBytewise(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let k = 0; k < n; k++) {
    const x = a.charCodeAt(k);
    const y = b.charCodeAt(k);
    if (x === y) continue;
    return codePointRank(x) - codePointRank(y);
  }
  return a.length - b.length;
}

const codePointRank = (unit: number) => (unit < 0xd800 ? unit : unit < 0xe000 ? unit + 0x2000 : unit - 0x800);

/**
 * The per-value totals as ProjectData reads them: one row per (source, dimension, value, period),
 * then a row with a null value for each (source, dimension) whose values do not cover all the
 * source's rows (`rowCounts`).
 */
function segmentRowsOf(
  sourceId: string,
  rows: readonly PeriodRow[],
  columns: readonly string[],
  rowCounts: readonly Record<string, string | number | null>[],
  dims: readonly Dimension[],
): SegmentRow[] {
  const dimensionOf = new Map(dims.map((d) => [DIMENSION_COLUMNS[d], d]));
  const at = (name: string) => columns.indexOf(name);
  const [dimensionAt, valueAt, rowsAt] = ["dimension", "value", "rows"].map(at);
  // The parts this source's query summed (segmentQuery names its columns after them): only these
  // are read from a row, the others stay null.
  const summed = SEGMENT_PARTS.flatMap((p) => (columns.includes(p.column) ? [[at(p.column), PART_INDEX[p.key]]] : []));
  const segmentRows: SegmentRow[] = [];
  // Rows per dimension with a value; fewer than the source's rows: some rows lack the dimension
  // (another grain), which ProjectData reads from a segment row with a null value.
  const covered = new Map<string, number>();
  for (const { row, current } of rows) {
    const dimension = dimensionOf.get(String(row[dimensionAt]))!;
    const values: PartValues = new Array(PARTS.length).fill(null);
    for (const [column, part] of summed) values[part] = toNumber(row[column] as string | number | null);
    covered.set(dimension, (covered.get(dimension) ?? 0) + Number(row[rowsAt]));
    segmentRows.push({
      sourceId,
      dimension,
      value: String(row[valueAt]),
      current,
      // Not read by the engine; the rollup keeps rows per day, not distinct combinations.
      combos: Number(row[rowsAt]),
      values,
    });
  }
  for (const row of rowCounts) {
    const total = Number(row.rows);
    if (total === 0) continue;
    for (const dimension of dims) {
      if ((covered.get(dimension) ?? 0) === total) continue;
      segmentRows.push({
        sourceId,
        dimension,
        value: null,
        current: true,
        combos: 0,
        values: PARTS.map(() => null),
      });
    }
  }
  return segmentRows;
}

function toNumber(v: string | number | null | undefined): number | null {
  if (v === null || v === undefined) return null;
  const n = typeof v === "number" ? v : Number(v);
  return Number.isFinite(n) ? n : null;
}

/**
 * The read's own code compiled before the first real report: generated per-value totals in a
 * report's shape (2 periods × 5,000 values of two dimensions, as Search Console's queries come) go
 * through the same driver settings, row handling, grouping and choice of watched segments. Cold, a
 * fresh worker's first reports read 20-50 ms slower than the next ones (report-again.ts).
 */
export async function warmUpReportRead(): Promise<void> {
  const source = "00000000-0000-4000-8000-00000000000f";
  const window = reportWindow("2026-01-01", "2026-01-30", "previous_period");
  const period = (current: 0 | 1) =>
    aggregateRows(
      `select * from (
         select d.dimension, 'value ' || v as value, (7 * $1::int + 3)::bigint as rows,
                (v * 3.5 + $1::int)::float8 as clicks, (v * 70.25 + $1::int)::float8 as impressions
         from generate_series(1, 5000) v, (values ('query'), ('page')) d(dimension)
       ) r order by r.dimension collate "C", r.value collate "C"`,
      [current],
    );
  const [current, baseline] = await Promise.all([period(1), period(0)]);
  const dims: Dimension[] = ["query", "page"];
  const segmentRows = segmentRowsOf(
    source,
    mergePeriods(current.rows, baseline.rows),
    current.columns,
    [{ source, rows: 14 * 5000 }],
    dims,
  );
  const days = new Map<string, PartValues>();
  for (let d = window.historyStart; d <= window.periodEnd; d = addDays(d, 1))
    days.set(
      d,
      PARTS.map((p) => (p.key === "clicks" || p.key === "impressions" ? 1_000 : null)),
    );
  const own = new ProjectData(window, [sourceDaily(source, days)], segmentRows, dims);
  pickWatchedSegments(ProjectData.combine(window, own.sources, [own], dims), dims);
}

/** The two queries' text, for EXPLAIN in profiling. */
export const dailyQueryForTest = dailyQuery;
export const segmentQueryForTest = segmentQuery;
