import { Readable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { addDays, dayNumber } from "@/lib/dates";
import { db, pool } from "@/server/db/client";
import { dataSources } from "@/server/db/schema";
import { ensureDailyTotals, refreshDailyTotals } from "@/server/insights/data/daily-totals";
import {
  activeSourceIds,
  compareBytewise,
  loadProjectData,
  warmUpReportRead,
} from "@/server/insights/data/load-project-data";
import { splitIntoRollups, splitIntoWeeks, weekStart } from "@/server/insights/data/rollup-periods";
import { loadReportInput, WATCHED_DIMENSIONS } from "@/server/insights/data/load-report-input";
import { loadSegmentDaily, warmUpSegmentDailyRead } from "@/server/insights/data/load-segment-daily";
import { pickWatchedSegments } from "@/server/insights/data/pick-watched-segments";
import { PART_INDEX } from "@/server/insights/data/parts";
import { segmentSeries } from "@/server/insights/data/segment-daily";
import { neededDimensions } from "@/server/insights/engine/applicable";
import { segmentWatchRange } from "@/server/insights/engine/analyses/segment-watch";
import { reportWindow } from "@/server/insights/data/window";
import { importCsv } from "@/server/services/data-sources/upload/import-csv";
import { resetDatabase } from "@/test/db";
import { DAYS, PERIOD_END, PERIOD_START, reportWorld } from "@/test/report-fixtures";

// The report rollups (daily totals and per-value segment days) that an upload merges for its own
// dates must be exactly what a full rebuild from the observations gives.

async function rollups(sourceId: string) {
  const daily = await db().execute(
    sql`select date::text, rows, sessions, conversions, engaged_sessions, users from observation_daily_totals where data_source_id = ${sourceId} order by date`,
  );
  const segments = await db().execute(
    sql`select dimension, value, date::text, rows, sessions, conversions, engaged_sessions from observation_segment_daily where data_source_id = ${sourceId} order by dimension, value, date`,
  );
  const weekly = await db().execute(
    sql`select dimension, value, week::text, rows, sessions, conversions from observation_segment_weekly where data_source_id = ${sourceId} order by dimension, value, week`,
  );
  const fourWeekly = await db().execute(
    sql`select dimension, value, block::text, rows, sessions, conversions from observation_segment_four_weekly where data_source_id = ${sourceId} order by dimension, value, block`,
  );
  return { daily: daily.rows, segments: segments.rows, weekly: weekly.rows, fourWeekly: fourWeekly.rows };
}

function csv(lines: string[]): AsyncIterable<Buffer> {
  return Readable.from([Buffer.from(["date,channel,device,sessions,users,conversions", ...lines].join("\n") + "\n")]);
}

/** The per-channel totals a report reads for both periods of `window` equal the sums over the observations. */
async function expectChannelTotalsAsRows(sourceId: string, window: ReturnType<typeof reportWindow>) {
  const [project] = await db().select().from(dataSources).where(eq(dataSources.id, sourceId));
  const data = await loadProjectData({ projectId: project.projectId!, window, dimensions: ["channel"] });
  const direct = await db().execute<{ value: string; cur: boolean; sessions: number; conversions: number }>(sql`
    select d.channel as value, o.date >= ${window.periodStart}::date as cur, sum(o.sessions) as sessions, sum(o.conversions) as conversions
    from observations o join dimension_sets d on d.id = o.dimension_set_id
    where o.data_source_id = ${sourceId} and o.date between ${window.comparisonStart}::date and ${window.periodEnd}::date
    group by 1, 2 order by 1, 2`);
  const read = data
    .sourceSegments(sourceId, "channel")
    .flatMap((s) =>
      [s.baseline, s.current].map((v, i) => ({ value: s.value, cur: i === 1, sessions: v![0], conversions: v![5] })),
    )
    .sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : Number(a.cur) - Number(b.cur)));
  expect(read).toEqual(direct.rows);
}

describe("report rollups kept by uploads", () => {
  beforeEach(resetDatabase);

  it("an upload into a source with current rollups merges its dates; the result equals a full rebuild", async () => {
    const { project } = await reportWorld();
    const [source] = await db().select().from(dataSources).where(eq(dataSources.projectId, project.id));
    expect(await ensureDailyTotals([source.id])).toBe(1);
    const last = addDays(PERIOD_END, -1);
    await importCsv(
      csv([
        `${last},Paid Search,mobile,40,30,2`,
        `${last},Paid Search,desktop,60,50,3`,
        `${PERIOD_END},Email,mobile,7,7,1`,
      ]),
      { dataSourceId: source.id, projectId: project.id },
    );
    // Current after the upload: the next report rebuilds nothing.
    expect(await ensureDailyTotals([source.id])).toBe(0);
    const merged = await rollups(source.id);
    expect(merged.daily.find((d) => d.date === PERIOD_END)).toMatchObject({ rows: 1, sessions: 7, users: 7 });
    expect(merged.segments.filter((s) => s.date === last)).toEqual([
      {
        dimension: "channel",
        value: "Paid Search",
        date: last,
        rows: 2,
        sessions: 100,
        conversions: 5,
        engaged_sessions: null,
      },
      {
        dimension: "device",
        value: "desktop",
        date: last,
        rows: 1,
        sessions: 60,
        conversions: 3,
        engaged_sessions: null,
      },
      {
        dimension: "device",
        value: "mobile",
        date: last,
        rows: 1,
        sessions: 40,
        conversions: 2,
        engaged_sessions: null,
      },
    ]);
    await refreshDailyTotals(source.id);
    expect(await rollups(source.id)).toEqual(merged);

    // Device covers only the uploaded days: the report leaves that source out of the device split
    // (as it does for a dimension missing from part of the rows), and keeps the channel split.
    const window = reportWindow(PERIOD_START, PERIOD_END, "previous_period");
    const data = await loadProjectData({ projectId: project.id, window, dimensions: ["channel", "device"] });
    expect(data.sourceSegments(source.id, "device")).toEqual([]);
    expect(data.sourceSegments(source.id, "channel").map((s) => s.value)).toContain("Paid Search");
    // Whole weeks from the weekly rollup and edge days from the daily one add up to the rows' sums; over 56
    // days, with whole four-week blocks, so do blocks, weeks and days.
    await expectChannelTotalsAsRows(source.id, window);
    const long = reportWindow(addDays(PERIOD_END, -55), PERIOD_END, "previous_period");
    expect(splitIntoRollups(long.periodStart, long.periodEnd).blocks[0]).not.toBe("2000-01-02");
    await expectChannelTotalsAsRows(source.id, long);
  });

  it("two reports asking at once for a stale source's rollups rebuild them once", async () => {
    const { project } = await reportWorld();
    const [source] = await db().select().from(dataSources).where(eq(dataSources.projectId, project.id));
    // Both find the source stale; the second waits for the first's rebuild, then reads it.
    const rebuilt = await Promise.all([ensureDailyTotals([source.id]), ensureDailyTotals([source.id])]);
    expect(rebuilt.sort()).toEqual([0, 1]);
    expect(await ensureDailyTotals([source.id])).toBe(0);
  });

  it("reads each source's watched segments as soon as its totals are in: the same series as reading them all after", async () => {
    const { project } = await reportWorld();
    // A second source, by device only: its segments are picked from its own totals.
    const [second] = await db()
      .insert(dataSources)
      .values({ agencyId: project.agencyId, projectId: project.id, sourceName: "upload", kind: "own", name: "Second" })
      .returning();
    const lines: string[] = [];
    for (let i = 0; i < DAYS; i++) {
      const date = addDays(PERIOD_END, -i);
      lines.push(`${date},Referral,mobile,${300 + (i % 7) * 10},200,${i % 5}`);
      lines.push(`${date},Referral,desktop,${120 + (i % 3) * 10},90,${i % 4}`);
    }
    await importCsv(csv(lines), { dataSourceId: second.id, projectId: project.id });
    const sourceIds = await activeSourceIds(project.id);
    await ensureDailyTotals(sourceIds);
    const input = await loadReportInput({
      projectId: project.id,
      project: { siteType: "lead_generation", url: null, currency: "EUR", primaryKpi: null },
      periodStart: PERIOD_START,
      periodEnd: PERIOD_END,
      compareTo: "previous_period",
    });
    // What the report read before: every source's totals, then all the watched segments at once.
    const window = reportWindow(PERIOD_START, PERIOD_END, "previous_period");
    const dimensions = [...new Set([...neededDimensions("lead_generation"), ...WATCHED_DIMENSIONS])];
    const data = await loadProjectData({ projectId: project.id, window, dimensions, sourceIds });
    const all = await loadSegmentDaily({
      projectId: project.id,
      sourceIds,
      dimensions: WATCHED_DIMENSIONS,
      segments: pickWatchedSegments(data, WATCHED_DIMENSIONS),
      from: segmentWatchRange(PERIOD_START, PERIOD_END).from,
      to: PERIOD_END,
    });
    expect(new Set(input.segmentDaily.series.map((s) => s.sourceId))).toEqual(new Set(sourceIds));
    expect(input.segmentDaily).toEqual(all);
  });

  it("reads each watched segment's days as the rollup holds them: null parts null, a day without a row absent", async () => {
    const { project } = await reportWorld();
    const [source] = await activeSourceIds(project.id);
    await ensureDailyTotals([source]);
    // A day without Email's row inside the read, so the loader's offsets are checked, not only a full run of days.
    const gone = addDays(PERIOD_END, -3);
    await db().execute(
      sql`delete from observation_segment_daily where data_source_id = ${source} and value = 'Email' and date = ${gone}::date`,
    );
    const from = addDays(PERIOD_END, -40);
    const segments = ["Email", "Paid Search", "No Such Channel"].map((value) => ({
      sourceId: source,
      dimension: "channel" as const,
      value,
      volume: 1,
      narrow: false,
      tail: false,
    }));
    const read = await loadSegmentDaily({
      projectId: project.id,
      sourceIds: [source],
      dimensions: ["channel"],
      segments,
      from,
      to: PERIOD_END,
    });
    const stored = await db().execute<{ value: string; date: string; sessions: number; conversions: number }>(sql`
      select value, date::text, sessions, conversions from observation_segment_daily
      where data_source_id = ${source} and dimension = 'channel' and value in ('Email', 'Paid Search')
        and date between ${from}::date and ${PERIOD_END}::date
      order by value, date`);
    // A segment without rows is left out.
    expect(read.series.map((s) => s.value)).toEqual(["Email", "Paid Search"]);
    const got = read.series.flatMap((s) =>
      [...s.days].map(([date, v]) => ({
        value: s.value,
        date,
        sessions: v[PART_INDEX.sessions],
        conversions: v[PART_INDEX.conversions],
        // Not stored for this source: null, not 0.
        revenue: v[PART_INDEX.revenue],
        cost: v[PART_INDEX.cost],
      })),
    );
    expect(got).toEqual(stored.rows.map((r) => ({ ...r, revenue: null, cost: null })));
    const email = read.series[0];
    expect(email.days.has(gone)).toBe(false);
    expect(email.days.size).toBe(40);
    // As a series: the day without a row reads 0, as do days outside what was read.
    const series = segmentSeries(email, "sessions", addDays(from, -2), PERIOD_END);
    expect(series[0]).toEqual({ date: addDays(from, -2), value: 0 });
    expect(series.find((p) => p.date === gone)?.value).toBe(0);
    expect(series.at(-1)?.value).toBe(stored.rows.find((r) => r.value === "Email" && r.date === PERIOD_END)?.sessions);
  });

  it("merges a source's two periods in PostgreSQL's bytewise order, also past U+FFFF", async () => {
    const values = ["b", "a", "ab", "é", "z", "\uE000", "\u{1F600}", "\uFFFD", "A", "a b", "ä"];
    const sorted = await pool().query<{ v: string }>('select v from unnest($1::text[]) v order by v collate "C"', [
      values,
    ]);
    expect([...values].sort(compareBytewise)).toEqual(sorted.rows.map((r) => r.v));
    // JavaScript's own order puts the emoji (a surrogate pair) before U+E000: the comparison must not.
    expect([...values].sort()).not.toEqual(sorted.rows.map((r) => r.v));
  });

  // The worker runs it before taking jobs, where a failure is only logged: it must read as a report reads.
  it("warms the report read up on generated rows of both periods, and the segments' days", async () => {
    await expect(warmUpReportRead()).resolves.toBeUndefined();
    await expect(warmUpSegmentDailyRead()).resolves.toBe(200);
  });

  it("dates a day's ISO week by its Monday, as date_trunc('week') does", async () => {
    const days = ["2024-03-03", "2024-03-04", "2024-03-10", "2024-12-31", "2025-01-05"];
    const { rows } = await pool().query<{ week: string }>(
      "select date_trunc('week', d)::date::text as week from unnest($1::date[]) d",
      [days],
    );
    expect(days.map(weekStart)).toEqual(rows.map((r) => r.week));
  });

  it("splits a period into whole ISO weeks and its edge days", () => {
    // 2026-03-04 is a Wednesday, 2026-03-31 a Tuesday.
    expect(splitIntoWeeks("2026-03-04", "2026-03-31")).toEqual([
      "2026-03-09",
      "2026-03-23",
      "2026-03-04",
      "2026-03-08",
      "2026-03-30",
      "2026-03-31",
    ]);
    expect(splitIntoWeeks("2026-03-02", "2026-03-15")).toEqual([
      "2026-03-02",
      "2026-03-09",
      "2000-01-02",
      "2000-01-01",
      "2000-01-02",
      "2000-01-01",
    ]);
    expect(splitIntoWeeks("2026-03-04", "2026-03-10")).toEqual([
      "2000-01-02",
      "2000-01-01",
      "2026-03-04",
      "2026-03-10",
      "2000-01-02",
      "2000-01-01",
    ]);
  });

  it("splits a period into whole four-week blocks, the weeks around them and its edge days, each day once", () => {
    // 2025-11-27 is a Thursday; blocks start on the Mondays 28k days after 2000-01-03.
    expect(splitIntoRollups("2025-11-27", "2026-11-26")).toEqual({
      blocks: ["2025-12-01", "2026-10-05"],
      weeks: ["2000-01-02", "2000-01-01", "2026-11-02", "2026-11-16"],
      days: [
        "2025-11-27",
        "2025-11-30",
        "2000-01-02",
        "2000-01-01",
        "2000-01-02",
        "2000-01-01",
        "2026-11-23",
        "2026-11-26",
      ],
    });
    // Every day of random periods is read exactly once, blocks are whole and start on their grid.
    let seed = 7;
    const random = (n: number) => (seed = (seed * 16807) % 2147483647) % n;
    for (let i = 0; i < 400; i++) {
      const from = addDays("2024-01-01", random(900));
      const to = addDays(from, random(400));
      const { blocks, weeks, days } = splitIntoRollups(from, to);
      const counted = new Map<string, number>();
      const add = (start: string, end: string, step: number, span: number) => {
        for (let d = start; d <= end; d = addDays(d, step))
          for (let k = 0; k < span; k++) counted.set(addDays(d, k), (counted.get(addDays(d, k)) ?? 0) + 1);
      };
      add(blocks[0], blocks[1], 28, 28);
      if (blocks[0] <= blocks[1]) expect((dayNumber(blocks[0]) - dayNumber("2000-01-03")) % 28).toBe(0);
      for (let w = 0; w < 4; w += 2) add(weeks[w], weeks[w + 1], 7, 7);
      for (let r = 0; r < 8; r += 2) add(days[r], days[r + 1], 1, 1);
      expect([...counted.values()].every((c) => c === 1)).toBe(true);
      expect(counted.size).toBe(dayNumber(to) - dayNumber(from) + 1);
      expect([...counted.keys()].every((d) => d >= from && d <= to)).toBe(true);
    }
  });

  it("the first upload of a new source builds its rollups in the import", async () => {
    const { project } = await reportWorld();
    const [source] = await db()
      .insert(dataSources)
      .values({ agencyId: project.agencyId, projectId: project.id, sourceName: "upload", kind: "own", name: "New" })
      .returning();
    await importCsv(
      csv([
        `${PERIOD_END},Direct,mobile,10,9,1`,
        `${PERIOD_END},Direct,desktop,5,5,0`,
        `${addDays(PERIOD_END, -3)},Direct,mobile,3,3,0`,
      ]),
      { dataSourceId: source.id, projectId: project.id },
    );
    expect(await ensureDailyTotals([source.id])).toBe(0);
    const merged = await rollups(source.id);
    expect(merged.daily).toHaveLength(2);
    expect(merged.segments).toHaveLength(5);
    await refreshDailyTotals(source.id);
    expect(await rollups(source.id)).toEqual(merged);
  });
});
