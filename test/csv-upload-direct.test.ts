import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { DATA_SOURCE_MESSAGES as M } from "@/lib/constants/data-source-messages";
import { addDays } from "@/lib/dates";
import { db } from "@/server/db/client";
import { observationPartitionName } from "@/server/db/observation-partitions";
import { ensureDailyTotals, refreshDailyTotals } from "@/server/insights/data/daily-totals";
import { importCsv } from "@/server/services/data-sources/upload/import-csv";
import { resetDatabase } from "@/test/db";
import { countObservations, createSource, uploadCsv, uploadWorld } from "@/test/data-source-fixtures";

// A source's first import COPYs its rows straight into the source's new partition, each row with the dimension set
// id the importer gave it from the project's combinations (server/services/data-sources/upload/staging.ts,
// dimension-dictionary.ts). These check what that path has to get right: existing combinations reused, new ones
// added once, even when another import adds them first, ids reserved ahead for any number of them, and a
// repeated row still named by its lines.

/** Per channel and page: the source's rows, days and sessions, read through `dimension_sets`. */
async function byValues(sourceId: string) {
  const { rows } = await db().execute(sql`
    select d.channel, d.landing_page as page, count(*)::int as rows, sum(o.sessions)::float8 as sessions
    from observations o join dimension_sets d on d.id = o.dimension_set_id and d.project_id = o.project_id
    where o.data_source_id = ${sourceId}
    group by 1, 2 order by 1, 2`);
  return rows;
}

/** The project's combinations: how many, and how many keys (the same when none is there twice). */
async function combinations(projectId: string) {
  const { rows } = await db().execute<{ sets: number; keys: number }>(sql`
    select count(*)::int as sets, count(distinct key)::int as keys from dimension_sets where project_id = ${projectId}`);
  return rows[0];
}

/** Rows of a source whose dimension set is missing or another project's (none may be). */
async function danglingRows(sourceId: string) {
  const { rows } = await db().execute<{ n: number }>(sql`
    select count(*)::int as n from observations o
    where o.data_source_id = ${sourceId}
      and not exists (select 1 from dimension_sets d where d.id = o.dimension_set_id and d.project_id = o.project_id)`);
  return rows[0].n;
}

async function rollups(sourceId: string) {
  const read = async (query: ReturnType<typeof sql>) => (await db().execute(query)).rows;
  return {
    daily: await read(
      sql`select date::text, rows, sessions from observation_daily_totals where data_source_id = ${sourceId} order by date`,
    ),
    segments: await read(
      sql`select dimension, value, date::text, rows, sessions from observation_segment_daily where data_source_id = ${sourceId} order by 1, 2, 3`,
    ),
    weekly: await read(
      sql`select dimension, value, week::text, rows, sessions, revenue from observation_segment_weekly where data_source_id = ${sourceId} order by 1, 2, 3`,
    ),
    fourWeekly: await read(
      sql`select dimension, value, block::text, rows, sessions, revenue from observation_segment_four_weekly where data_source_id = ${sourceId} order by 1, 2, 3`,
    ),
  };
}

const bytes = (text: string) => Readable.from([Buffer.from(text)]);

describe("a source's first import, straight into its partition", () => {
  beforeEach(resetDatabase);

  it("gives its rows the project's existing combinations, adds only the new ones, and leaves no line column", async () => {
    const { main, project, sourceId } = await uploadWorld();
    const other = (await createSource(project.id, main.token, { name: "Other export" })).body._id as string;
    const first = "date,channel,sessions\n2026-03-01,Direct,10\n2026-03-01,Email,4\n";
    expect((await uploadCsv(sourceId, main.token, first)).status).toBe(200);
    expect(await combinations(project.id)).toEqual({ sets: 2, keys: 2 });
    const second = "date,channel,sessions\n2026-03-01,Direct,7\n2026-03-01,Social,3\n2026-03-02,Direct,8\n";
    expect((await uploadCsv(other, main.token, second)).status).toBe(200);
    expect(await combinations(project.id)).toEqual({ sets: 3, keys: 3 });
    expect(await byValues(other)).toEqual([
      { channel: "Direct", page: null, rows: 2, sessions: 15 },
      { channel: "Social", page: null, rows: 1, sessions: 3 },
    ]);
    expect(await danglingRows(other)).toBe(0);
    const { rows } = await db().execute<{ n: number }>(sql`
      select count(*)::int as n from information_schema.columns
      where table_name = ${observationPartitionName(other)} and column_name = 'line'`);
    expect(rows[0].n).toBe(0);
  });

  it("re-points its rows when another import added the same new combinations while it was reading", async () => {
    const { main, project, sourceId } = await uploadWorld();
    const other = (await createSource(project.id, main.token, { name: "Other export" })).body._id as string;
    const head = "date,channel,landingPage,sessions\n2026-03-01,Direct,/a,1\n2026-03-01,Email,/a,2\n";
    const tail = "2026-03-02,Direct,/a,3\n2026-03-02,Social,/b,4\n";
    // The slow import reads its first rows (its dictionary of the project's combinations is loaded then), waits
    // while the other import adds the same combinations and commits, then reads the rest.
    let firstRead!: () => void;
    const waiting = new Promise<void>((resolve) => (firstRead = resolve));
    let resume!: () => void;
    const resumed = new Promise<void>((resolve) => (resume = resolve));
    async function* slowFile() {
      yield Buffer.from(head);
      firstRead();
      await resumed;
      yield Buffer.from(tail);
    }
    const slow = importCsv(slowFile(), { dataSourceId: sourceId, projectId: project.id });
    await waiting;
    const fast = "date,channel,landingPage,sessions\n2026-03-05,Direct,/a,10\n2026-03-05,Email,/a,20\n";
    expect((await uploadCsv(other, main.token, fast)).status).toBe(200);
    expect(await combinations(project.id)).toEqual({ sets: 2, keys: 2 });
    resume();
    expect(await slow).toMatchObject({ rows: 4, replacedDates: 0 });
    expect(await combinations(project.id)).toEqual({ sets: 3, keys: 3 });
    expect(await danglingRows(sourceId)).toBe(0);
    expect(await byValues(sourceId)).toEqual([
      { channel: "Direct", page: "/a", rows: 2, sessions: 4 },
      { channel: "Email", page: "/a", rows: 1, sessions: 2 },
      { channel: "Social", page: "/b", rows: 1, sessions: 4 },
    ]);
    // Both sources' rows of a combination point at the one set.
    const { rows } = await db().execute<{ n: number }>(sql`
      select count(distinct o.dimension_set_id)::int as n from observations o
      join dimension_sets d on d.id = o.dimension_set_id
      where o.project_id = ${project.id} and d.channel = 'Direct'`);
    expect(rows[0].n).toBe(1);
  });

  it("reserves ids ahead for any number of new combinations, and sums the rollups a rebuild gives", async () => {
    const { project, sourceId } = await uploadWorld();
    const pages = 25_000;
    let text = "date,channel,landingPage,sessions\n";
    for (const date of ["2026-03-01", "2026-03-02"])
      for (let p = 0; p < pages; p++) text += `${date},${p % 2 ? "Direct" : "Email"},/p/${p},${(p % 7) + 1}\n`;
    // Fed in pieces of 64 KB, as a request body arrives.
    const buffer = Buffer.from(text);
    const pieces: Buffer[] = [];
    for (let at = 0; at < buffer.length; at += 64 * 1024) pieces.push(buffer.subarray(at, at + 64 * 1024));
    const answer = await importCsv(Readable.from(pieces), { dataSourceId: sourceId, projectId: project.id });
    expect(answer).toMatchObject({ rows: 2 * pages });
    expect(await countObservations(sourceId)).toBe(2 * pages);
    expect(await combinations(project.id)).toEqual({ sets: pages, keys: pages });
    expect(await danglingRows(sourceId)).toBe(0);
    const { rows } = await db().execute<{ pages: number; sessions: number }>(sql`
      select count(distinct d.landing_page)::int as pages, sum(o.sessions)::float8 as sessions
      from observations o join dimension_sets d on d.id = o.dimension_set_id
      where o.data_source_id = ${sourceId} and d.landing_page = '/p/24999'`);
    expect(rows[0]).toEqual({ pages: 1, sessions: 2 * ((24_999 % 7) + 1) });
    expect(await ensureDailyTotals([sourceId])).toBe(0);
    const merged = await rollups(sourceId);
    expect(merged.daily).toHaveLength(2);
    await refreshDailyTotals(sourceId);
    expect(await rollups(sourceId)).toEqual(merged);
  });

  it("sums its weeks and four-week blocks with its days, as a rebuild sums them", async () => {
    const { project, sourceId } = await uploadWorld();
    // 120 days of revenue in cents, a day without revenue for Email, and rows out of date order. A sum of such
    // doubles depends on the order it is made in, which SQL leaves to the plan: equal to 1e-8.
    let text = "date,channel,device,sessions,revenue\n";
    for (let day = 119; day >= 0; day--) {
      const date = addDays("2026-01-01", day);
      for (const [c, channel] of ["Email", "Direct", "Paid Search"].entries())
        for (const device of ["mobile", "desktop"]) {
          const revenue = channel === "Email" && day === 30 ? "" : ((day * 37 + c * 11) % 997) / 100 + 0.1;
          text += `${date},${channel},${device},${(day % 9) + c},${revenue}\n`;
        }
    }
    await importCsv(bytes(text), { dataSourceId: sourceId, projectId: project.id });
    const merged = await rollups(sourceId);
    expect(merged.weekly).toHaveLength(5 * 18);
    expect(merged.fourWeekly.length).toBeGreaterThanOrEqual(5 * 5);
    await refreshDailyTotals(sourceId);
    const cents = (all: Awaited<ReturnType<typeof rollups>>) =>
      [...all.weekly, ...all.fourWeekly].map((r) => ({ ...r, revenue: Math.round(Number(r.revenue) * 1e8) / 1e8 }));
    const rebuilt = await rollups(sourceId);
    expect(cents(rebuilt)).toEqual(cents(merged));
    // Email's week of 26 January: 2 rows a day, its sessions day % 9, its revenue missing on the 31st.
    const week = merged.weekly.find((r) => r.value === "Email" && r.week === "2026-01-26")!;
    const days = [25, 26, 27, 28, 29, 30, 31];
    expect(week).toMatchObject({ rows: 14, sessions: days.reduce((sum, day) => sum + 2 * (day % 9), 0) });
    const paid = days.filter((day) => day !== 30).map((day) => 2 * (((day * 37) % 997) / 100 + 0.1));
    expect(Number(week.revenue)).toBeCloseTo(
      paid.reduce((a, b) => a + b),
      8,
    );
  });

  it("rows whose slashed dates read both ways wait for a later day to tell the order, then get their ids", async () => {
    const { project, sourceId } = await uploadWorld();
    // 12 days of Feb 2026 written day first (01/02 … 12/02 read both ways), every row a new combination: all are
    // held until 13/02 tells the order, then encoded at once.
    let text = "date,channel,landingPage,sessions\n";
    for (let day = 1; day <= 12; day++)
      for (let p = 0; p < 300; p++) text += `${String(day).padStart(2, "0")}/02/2026,Direct,/d${day}/p${p},1\n`;
    text += "13/02/2026,Email,/last,2\n";
    const answer = await importCsv(bytes(text), { dataSourceId: sourceId, projectId: project.id });
    expect(answer).toMatchObject({ rows: 3601, dateRange: { start: "2026-02-01", end: "2026-02-13" } });
    expect(await danglingRows(sourceId)).toBe(0);
    expect(await combinations(project.id)).toEqual({ sets: 3601, keys: 3601 });
    const { rows } = await db().execute<{ date: string; rows: number }>(sql`
      select to_char(o.date, 'YYYY-MM-DD') as date, count(*)::int as rows from observations o
      join dimension_sets d on d.id = o.dimension_set_id
      where o.data_source_id = ${sourceId} and d.landing_page like '/d12/%' group by 1`);
    expect(rows).toEqual([{ date: "2026-02-12", rows: 300 }]);
  });

  it("names both lines of a repeated row far apart, and leaves neither rows nor combinations behind", async () => {
    const { project, sourceId } = await uploadWorld();
    let text = "date,channel,landingPage,sessions\n";
    for (let p = 0; p < 30_000; p++) text += `2026-03-01,Direct,/p/${p},1\n`;
    text += "2026-03-01,Direct,/p/17,5\n";
    await expect(importCsv(bytes(text), { dataSourceId: sourceId, projectId: project.id })).rejects.toThrow(
      M.duplicateRow(30_002, 19),
    );
    expect(await countObservations(sourceId)).toBe(0);
    expect(await combinations(project.id)).toEqual({ sets: 0, keys: 0 });
  });
});

// A project with more combinations than a dictionary holds: a re-upload loads its source's own instead, and a
// combination the project has but the source did not is given the project's id when the new ones are added.
describe("a re-upload into a project past the dictionary's cap", () => {
  beforeEach(resetDatabase);

  async function twoSources() {
    const { main, project, sourceId } = await uploadWorld();
    const other = (await createSource(project.id, main.token, { name: "Other export" })).body._id as string;
    const rowsOf = (date: string, channels: string[], sessions: number) =>
      channels.map((c) => `${date},${c},${sessions}`).join("\n");
    const header = "date,channel,sessions\n";
    await importCsv(bytes(`${header}${rowsOf("2026-03-01", ["Direct", "Email", "Social", "Display"], 5)}\n`), {
      dataSourceId: sourceId,
      projectId: project.id,
    });
    await importCsv(bytes(`${header}${rowsOf("2026-03-01", ["Direct", "Affiliates", "Referral", "Video"], 7)}\n`), {
      dataSourceId: other,
      projectId: project.id,
    });
    expect(await combinations(project.id)).toEqual({ sets: 7, keys: 7 });
    return { project, sourceId, other, header, rowsOf };
  }

  it("COPYs its rows with its source's combinations and the project's ids for the others", async () => {
    const { project, sourceId, other, header, rowsOf } = await twoSources();
    const phases: string[] = [];
    // Days 1-2: Direct and Email again, Referral (the other source's), Podcast (new to the project).
    const text = `${header}${rowsOf("2026-03-01", ["Direct", "Email", "Referral", "Podcast"], 9)}\n${rowsOf("2026-03-02", ["Direct", "Referral"], 3)}\n`;
    const answer = await importCsv(bytes(text), {
      dataSourceId: sourceId,
      projectId: project.id,
      dictionaryCap: 5,
      chunkBytes: 40,
      onPhase: (phase) => phases.push(phase),
    });
    expect(answer).toMatchObject({ rows: 6, replacedDates: 1 });
    // Straight into the new table: no chunk was staged and merged.
    expect(phases).not.toContain("merge a chunk");
    expect(phases).toContain("swap in the new partition");
    expect(await combinations(project.id)).toEqual({ sets: 8, keys: 8 });
    expect(await danglingRows(sourceId)).toBe(0);
    expect(await byValues(sourceId)).toEqual([
      { channel: "Direct", page: null, rows: 2, sessions: 12 },
      { channel: "Email", page: null, rows: 1, sessions: 9 },
      { channel: "Podcast", page: null, rows: 1, sessions: 9 },
      { channel: "Referral", page: null, rows: 2, sessions: 12 },
    ]);
    // Referral is one combination of the project, whichever source's rows use it.
    const { rows: ids } = await db().execute<{ sets: number }>(sql`
      select count(distinct o.dimension_set_id)::int as sets from observations o
      join dimension_sets d on d.id = o.dimension_set_id
      where o.data_source_id in (${sourceId}, ${other}) and d.channel = 'Referral'`);
    expect(ids).toEqual([{ sets: 1 }]);
    expect(await ensureDailyTotals([sourceId])).toBe(0);
    const merged = await rollups(sourceId);
    await refreshDailyTotals(sourceId);
    expect(await rollups(sourceId)).toEqual(merged);
  });

  it("stages its rows when its source's combinations are past the cap too, with the same result", async () => {
    const { project, sourceId, header, rowsOf } = await twoSources();
    const phases: string[] = [];
    const text = `${header}${rowsOf("2026-03-01", ["Direct", "Email", "Referral", "Podcast"], 9)}\n${rowsOf("2026-03-02", ["Direct", "Referral"], 3)}\n`;
    await importCsv(bytes(text), {
      dataSourceId: sourceId,
      projectId: project.id,
      dictionaryCap: 3,
      chunkBytes: 40,
      onPhase: (phase) => phases.push(phase),
    });
    expect(phases).toContain("merge a chunk");
    expect(await combinations(project.id)).toEqual({ sets: 8, keys: 8 });
    expect(await byValues(sourceId)).toEqual([
      { channel: "Direct", page: null, rows: 2, sessions: 12 },
      { channel: "Email", page: null, rows: 1, sessions: 9 },
      { channel: "Podcast", page: null, rows: 1, sessions: 9 },
      { channel: "Referral", page: null, rows: 2, sessions: 12 },
    ]);
  });
});
