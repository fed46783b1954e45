import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { DATA_SOURCE_MESSAGES as M } from "@/lib/constants/data-source-messages";
import { addDays } from "@/lib/dates";
import { db, pool } from "@/server/db/client";
import { ensureDailyTotals, refreshDailyTotals } from "@/server/insights/data/daily-totals";
import { importCsv } from "@/server/services/data-sources/upload/import-csv";
import { resetDatabase } from "@/test/db";
import { countObservations, uploadWorld } from "@/test/data-source-fixtures";

// An upload merges its rows into `observations` chunk by chunk while it reads the rest of the file
// (server/services/data-sources/upload/staging.ts). With chunks of a few hundred bytes, a small
// file is many chunks: days that span chunks, a duplicate whose first row is in an earlier chunk
// and an error after many chunks were merged must behave exactly as in a one-chunk import.

const HEADER = "date,channel,device,sessions,users,conversions";
const CHANNELS = ["Organic Search", "Paid Search", "Email", "Direct", "Referral"];
const DEVICES = ["desktop", "mobile", "tablet"];

/** 15 rows a day (5 channels × 3 devices), `days` days from `start`. */
function rows(start: string, days: number, scale = 1): string[] {
  const out: string[] = [];
  for (let d = 0; d < days; d++)
    for (const [c, channel] of CHANNELS.entries())
      for (const [v, device] of DEVICES.entries())
        out.push(`${addDays(start, d)},${channel},${device},${scale * (10 + d + c * 3 + v)},${5 + v},${c % 3}`);
  return out;
}

/** The file in pieces of 256 bytes, as a request body arrives. */
function file(lines: string[]): AsyncIterable<Buffer> {
  const bytes = Buffer.from([HEADER, ...lines].join("\n") + "\n");
  const pieces: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += 256) pieces.push(bytes.subarray(i, i + 256));
  return Readable.from(pieces);
}

async function project(sourceId: string) {
  const { rows } = await db().execute<{ project_id: string }>(
    sql`select project_id from data_sources where id = ${sourceId}`,
  );
  return rows[0].project_id;
}

async function stored(sourceId: string) {
  const { rows } = await db().execute(sql`
    select count(*)::int as rows, count(distinct o.date)::int as days, sum(o.sessions)::float8 as sessions,
           sum(o.conversions)::float8 as conversions, min(o.date)::text as first, max(o.date)::text as last
    from observations o where o.data_source_id = ${sourceId}`);
  return rows[0];
}

async function rollups(sourceId: string) {
  const read = async (query: ReturnType<typeof sql>) => (await db().execute(query)).rows;
  return {
    daily: await read(
      sql`select date::text, rows, sessions, users, conversions from observation_daily_totals where data_source_id = ${sourceId} order by date`,
    ),
    segments: await read(
      sql`select dimension, value, date::text, rows, sessions, conversions from observation_segment_daily where data_source_id = ${sourceId} order by dimension, value, date`,
    ),
    weekly: await read(
      sql`select dimension, value, week::text, rows, sessions, conversions from observation_segment_weekly where data_source_id = ${sourceId} order by dimension, value, week`,
    ),
    fourWeekly: await read(
      sql`select dimension, value, block::text, rows, sessions, conversions from observation_segment_four_weekly where data_source_id = ${sourceId} order by dimension, value, block`,
    ),
  };
}

/**
 * A re-upload's rows go into a new table that replaces the source's partition at the commit (staging.ts
 * `replacePartition`): COPYed with their dimension set ids, or, for a project whose combinations do not fit in memory,
 * staged and inserted chunk by chunk. Each behaviour below holds both ways.
 */
const MODES = [
  { mode: "COPYed into a table that replaces the partition", stagedOnly: false },
  { mode: "staged chunk by chunk into a table that replaces the partition", stagedOnly: true },
];

/** The re-upload's table is now the source's partition, and nothing of it is left beside. */
async function expectReplaced(sourceId: string) {
  const name = `observations_${sourceId.replace(/-/g, "")}`;
  const { rows } = await db().execute<{ attached: boolean; left: boolean }>(sql`
    select exists (select 1 from pg_inherits where inhrelid = to_regclass(${`public.${name}`})
                   and inhparent = 'public.observations'::regclass) as attached,
           to_regclass(${`public.${name}_next`}) is not null as left`);
  expect(rows[0]).toEqual({ attached: true, left: false });
}

for (const { mode, stagedOnly } of MODES)
  describe(`an upload merged in chunks (a re-upload ${mode})`, () => {
    beforeEach(resetDatabase);

    it("replaces the file's days across chunks, keeps the others, and leaves rollups equal to a full rebuild", async () => {
      const { sourceId } = await uploadWorld();
      const projectId = await project(sourceId);
      let chunks = 0;
      const target = {
        dataSourceId: sourceId,
        projectId,
        chunkBytes: 600,
        onPhase: (phase: string) => void (phase === "merge a chunk" && chunks++),
      };
      // 40 days; then 30 of them again (doubled values) and 10 new ones.
      const first = await importCsv(file(rows("2024-01-01", 40)), target);
      expect(first).toMatchObject({ rows: 600, replacedDates: 0 });
      // The source's first import COPYs straight into its new partition: nothing to merge chunk by chunk.
      expect(chunks).toBe(0);
      expect(await ensureDailyTotals([sourceId])).toBe(0);
      const second = await importCsv(file(rows("2024-01-11", 40, 2)), { ...target, stagedOnly });
      // Staged, its chunks were inserted one by one; COPYed, there was none to merge.
      if (stagedOnly) expect(chunks).toBeGreaterThan(10);
      else expect(chunks).toBe(0);
      await expectReplaced(sourceId);
      expect(second).toMatchObject({
        rows: 600,
        replacedDates: 30,
        dateRange: { start: "2024-01-11", end: "2024-02-19" },
      });
      const expected = [...rows("2024-01-01", 10), ...rows("2024-01-11", 40, 2)];
      const sessions = expected.reduce((sum, line) => sum + Number(line.split(",")[3]), 0);
      expect(await stored(sourceId)).toEqual({
        rows: 750,
        days: 50,
        sessions,
        conversions: expected.reduce((sum, line) => sum + Number(line.split(",")[5]), 0),
        first: "2024-01-01",
        last: "2024-02-19",
      });
      // The merged rollups are current and equal what a rebuild from the observations gives.
      expect(await ensureDailyTotals([sourceId])).toBe(0);
      const merged = await rollups(sourceId);
      expect(merged.daily).toHaveLength(50);
      await refreshDailyTotals(sourceId);
      expect(await rollups(sourceId)).toEqual(merged);
    });

    it("names both lines of a duplicate whose first row is in an earlier chunk, and writes nothing", async () => {
      const { sourceId } = await uploadWorld();
      const projectId = await project(sourceId);
      const target = { dataSourceId: sourceId, projectId, chunkBytes: 600 };
      await importCsv(file(rows("2023-06-01", 5)), target);
      const before = await stored(sourceId);
      const lines = rows("2024-01-01", 20);
      // Line 2 is the file's first row (2024-01-01, Organic Search, desktop); repeated near the end.
      lines.splice(280, 0, "2024-01-01,Organic Search,desktop,1,1,1");
      await expect(importCsv(file(lines), { ...target, stagedOnly })).rejects.toThrow(M.duplicateRow(282, 2));
      expect(await stored(sourceId)).toEqual(before);
    });

    it("a bad value after many chunks were merged leaves the source as it was", async () => {
      const { sourceId } = await uploadWorld();
      const projectId = await project(sourceId);
      const target = { dataSourceId: sourceId, projectId, chunkBytes: 600 };
      await importCsv(file(rows("2024-01-01", 10)), target);
      const before = { stored: await stored(sourceId), rollups: await rollups(sourceId) };
      const lines = rows("2024-01-01", 30, 3);
      lines[420] = lines[420].replace(/,(\d+),(\d+),(\d+)$/, ",lots,$2,$3");
      await expect(importCsv(file(lines), { ...target, stagedOnly })).rejects.toThrow(
        M.notANumber(422, "sessions", "lots"),
      );
      expect(await stored(sourceId)).toEqual(before.stored);
      expect(await rollups(sourceId)).toEqual(before.rollups);
      expect(await countObservations(sourceId)).toBe(150);
    });

    for (const current of [true, false])
      it(`a re-upload keeps equal rows, replaces changed ones, adds new ones and drops the day's others (rollups ${current ? "current" : "stale"})`, async () => {
        const { sourceId } = await uploadWorld();
        const projectId = await project(sourceId);
        const target = { dataSourceId: sourceId, projectId, chunkBytes: 600 };
        const before = rows("2024-01-01", 20);
        await importCsv(file(before), target);
        if (!current) await db().execute(sql`update data_sources set updated_at = now() where id = ${sourceId}`);
        const after = [...before];
        after[17] = after[17].replace(/,(\d+),(\d+),(\d+)$/, ",999,$2,$3"); // changed
        after.splice(100, 1); // gone from its day
        after.splice(200, 0, "2024-01-14,Display,desktop,5,5,0"); // new on a day the source had
        after.push("2024-01-21,Display,mobile,6,6,1"); // a new day
        const answer = await importCsv(file(after), { ...target, stagedOnly });
        expect(answer).toMatchObject({ rows: 301, replacedDates: 20 });
        const sessions = after.reduce((sum, line) => sum + Number(line.split(",")[3]), 0);
        expect(await stored(sourceId)).toMatchObject({ rows: 301, days: 21, sessions });
        const { rows: changed } = await db().execute(sql`
        select o.sessions from observations o join dimension_sets d on d.id = o.dimension_set_id
        where o.data_source_id = ${sourceId} and o.date = '2024-01-02' and d.channel = 'Organic Search' and d.device = 'tablet'`);
        expect(changed).toEqual([{ sessions: 999 }]);
        await ensureDailyTotals([sourceId]);
        const merged = await rollups(sourceId);
        await refreshDailyTotals(sourceId);
        expect(await rollups(sourceId)).toEqual(merged);
      });

    // The rollups are summed in Node as the file is read; past a cap of accumulators (a file of very
    // many distinct values) they are summed from the staged rows instead. Both give a full rebuild's rows.
    for (const cap of [undefined, 40])
      it(`rollups summed ${cap ? "from the staged rows (past the cap)" : "as the file is read"} equal a full rebuild, users only on one-row days`, async () => {
        const { sourceId } = await uploadWorld();
        const projectId = await project(sourceId);
        const target = { dataSourceId: sourceId, projectId, chunkBytes: 600, rollupSumsCap: cap };
        await importCsv(file(rows("2024-01-01", 20)), target);
        // A re-upload of some days, one of them with one row (its users is the day's users), one with
        // an empty conversions cell (summed as SQL's sum: the other rows' conversions).
        const again = rows("2024-01-10", 5, 2);
        again[5] = again[5].replace(/,(\d+)$/, ",");
        again.push("2024-01-25,Email,desktop,7,6,1");
        await importCsv(file(again), { ...target, stagedOnly });
        const merged = await rollups(sourceId);
        expect(merged.daily.find((d) => d.date === "2024-01-25")).toEqual({
          date: "2024-01-25",
          rows: 1,
          sessions: 7,
          users: 6,
          conversions: 1,
        });
        expect(merged.daily.find((d) => d.date === "2024-01-10")).toMatchObject({ rows: 15, users: null });
        await refreshDailyTotals(sourceId);
        expect(await rollups(sourceId)).toEqual(merged);
      });

    // A re-upload's chunk is compared with the stored rows by reading its days once when they hold few rows per
    // chunk row, else by one probe per row (staging.ts `findStoredRows`): both give the same rows.
    for (const shape of ["dense: every row of 20 days again", "sparse: two rows of days far apart"])
      it(`a re-upload keeps, replaces and adds the same rows whichever way it compares (${shape})`, async () => {
        const { sourceId } = await uploadWorld();
        const projectId = await project(sourceId);
        const target = { dataSourceId: sourceId, projectId, chunkBytes: 600 };
        const first = rows("2024-01-01", 20);
        await importCsv(file(first), target);
        const again = shape.startsWith("dense")
          ? first.map((line, i) => (i % 7 === 0 ? line.replace(/^([^,]+,[^,]+,[^,]+),\d+/, "$1,999") : line))
          : ["2024-01-01,Organic Search,desktop,999,5,0", "2024-01-20,Email,tablet,7,7,1"];
        await importCsv(file(again), { ...target, stagedOnly });
        const expected = shape.startsWith("dense")
          ? again.reduce((sum, line) => sum + Number(line.split(",")[3]), 0)
          : first
              .filter((line) => !line.startsWith("2024-01-01") && !line.startsWith("2024-01-20"))
              .reduce((sum, line) => sum + Number(line.split(",")[3]), 999 + 7);
        expect(await stored(sourceId)).toMatchObject({
          rows: shape.startsWith("dense") ? 300 : 272,
          days: 20,
          sessions: expected,
        });
        const merged = await rollups(sourceId);
        await refreshDailyTotals(sourceId);
        expect(await rollups(sourceId)).toEqual(merged);
      });

    it("a day of the file in another grain replaces all of the day's earlier rows", async () => {
      const { sourceId } = await uploadWorld();
      const projectId = await project(sourceId);
      await importCsv(file(rows("2024-01-01", 3)), { dataSourceId: sourceId, projectId });
      await importCsv(
        Readable.from([Buffer.from("date,channel,sessions,users,conversions\n2024-01-02,Email,4,4,0\n")]),
        {
          dataSourceId: sourceId,
          projectId,
          stagedOnly,
        },
      );
      expect(await countObservations(sourceId, "2024-01-02")).toBe(1);
      expect(await countObservations(sourceId)).toBe(31);
    });

    /** A source with 10 days of rows, imported in chunks; the rows, and what the source stores. */
    async function tenDaysStored() {
      const { sourceId } = await uploadWorld();
      const target = { dataSourceId: sourceId, projectId: await project(sourceId), chunkBytes: 600 };
      const lines = rows("2024-01-01", 10);
      await importCsv(file(lines), target);
      return { sourceId, target, lines, before: await stored(sourceId) };
    }

    it("a duplicate of a row equal to the source's own is still named, and nothing changes", async () => {
      const { sourceId, target, lines, before } = await tenDaysStored();
      // The same file with its line 2 repeated at line 4: both equal the row the source has.
      const again = [...lines];
      again.splice(2, 0, lines[0]);
      await expect(importCsv(file(again), { ...target, stagedOnly })).rejects.toThrow(M.duplicateRow(4, 2));
      expect(await stored(sourceId)).toEqual(before);
    });

    // Cells that differ only in spaces are one combination (one key in `dimension_sets`): the repeat shows as the
    // table that replaces the partition gets its primary key, whichever way its rows came in.
    it("a repeat written with other spaces, many chunks after its first row, is still named, and nothing changes", async () => {
      const { sourceId, target, lines, before } = await tenDaysStored();
      const [date, channel, ...rest] = lines[0].split(",");
      const again = [...lines, [date, `  ${channel} `, ...rest].join(",")];
      await expect(importCsv(file(again), { ...target, stagedOnly })).rejects.toThrow(
        M.duplicateRow(lines.length + 2, 2),
      );
      expect(await stored(sourceId)).toEqual(before);
      // Without the repeat, the same re-upload goes through and changes nothing.
      await expect(importCsv(file(lines), { ...target, stagedOnly })).resolves.toMatchObject({ rows: lines.length });
      expect(await stored(sourceId)).toEqual(before);
    });
  });

describe("a re-upload that cannot swap its table in", () => {
  beforeEach(resetDatabase);

  // Detaching the partition needs all of `observations` for a moment; while another session reads it (here a
  // transaction left open), the import gives up waiting after a few short tries and merges its rows in place.
  it("merges its rows into the partition instead, with the same rows and rollups", async () => {
    const { sourceId } = await uploadWorld();
    const target = { dataSourceId: sourceId, projectId: await project(sourceId) };
    await importCsv(file(rows("2024-01-01", 20)), target);
    const phases: string[] = [];
    const reader = await pool().connect();
    try {
      await reader.query("begin; select count(*) from observations");
      // Days 11-30: ten replaced, ten new; days 1-10 kept.
      await importCsv(file(rows("2024-01-11", 20, 2)), { ...target, onPhase: (phase) => phases.push(phase) });
    } finally {
      await reader.query("rollback");
      reader.release();
    }
    expect(phases).toContain("merge into the partition");
    expect(phases).not.toContain("swap in the new partition");
    const expected = [...rows("2024-01-01", 10), ...rows("2024-01-11", 20, 2)];
    expect(await stored(sourceId)).toEqual({
      rows: expected.length,
      days: 30,
      sessions: expected.reduce((sum, line) => sum + Number(line.split(",")[3]), 0),
      conversions: expected.reduce((sum, line) => sum + Number(line.split(",")[5]), 0),
      first: "2024-01-01",
      last: "2024-01-30",
    });
    const { rows: left } = await db().execute<{ left: boolean }>(
      sql`select to_regclass(${`public.observations_${sourceId.replace(/-/g, "")}_next`}) is not null as left`,
    );
    expect(left[0].left).toBe(false);
    expect(await ensureDailyTotals([sourceId])).toBe(0);
    const merged = await rollups(sourceId);
    await refreshDailyTotals(sourceId);
    expect(await rollups(sourceId)).toEqual(merged);
    // Without the reader, the same upload swaps its table in, keeping the same rows.
    const again: string[] = [];
    await importCsv(file(rows("2024-01-11", 20, 2)), { ...target, onPhase: (phase) => again.push(phase) });
    expect(again).toContain("swap in the new partition");
    expect(await stored(sourceId)).toMatchObject({ rows: expected.length, days: 30 });
  });
});
