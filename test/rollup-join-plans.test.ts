import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { refreshDailyTotals } from "@/server/insights/data/daily-totals";
import { importCsv } from "@/server/services/data-sources/upload/import-csv";
import { resetDatabase } from "@/test/db";
import { uploadWorld } from "@/test/data-source-fixtures";

// The statements that join all of a source's rows with all of its combinations (the segment rollup rebuilt, or
// merged from staged rows that were not summed as they were read) run with nested-loop joins forbidden, so their
// plan cannot go quadratic when the statistics are older than the rows (server/db/without-nested-loops.ts). A
// statement trigger on each rollup table records the setting every insert into it ran under.

async function recordSettings() {
  await dropRecorder();
  await db().execute(sql`
    create table nestloop_seen (at serial, rollup text, setting text);
    create function record_nestloop() returns trigger language plpgsql as $$
      begin insert into nestloop_seen (rollup, setting) values (tg_table_name, current_setting('enable_nestloop'));
      return null; end $$;
    create trigger record_nestloop after insert on observation_segment_daily
      for each statement execute function record_nestloop();
    create trigger record_nestloop after insert on observation_segment_weekly
      for each statement execute function record_nestloop();`);
}

/** Removes the recorder (also before creating it, should a run that stopped midway have left it behind). */
async function dropRecorder() {
  await db().execute(sql`
    drop trigger if exists record_nestloop on observation_segment_daily;
    drop trigger if exists record_nestloop on observation_segment_weekly;
    drop function if exists record_nestloop();
    drop table if exists nestloop_seen;`);
}

async function seenSettings() {
  const { rows } = await db().execute<{ rollup: string; setting: string }>(
    sql`select rollup, setting from nestloop_seen order by at`,
  );
  await db().execute(sql`truncate nestloop_seen`);
  return rows;
}

describe("rollup joins", () => {
  beforeEach(async () => {
    await resetDatabase();
    await recordSettings();
  });
  afterEach(dropRecorder);

  it("run without nested loops, on an import's merge and on a rebuild, and the setting comes back after", async () => {
    const { project, sourceId } = await uploadWorld();
    let text = "date,channel,landingPage,sessions\n";
    for (const date of ["2026-03-01", "2026-03-02"])
      for (let p = 0; p < 500; p++) text += `${date},${p % 2 ? "Direct" : "Email"},/p/${p},${(p % 7) + 1}\n`;
    // A cap of one sum: the merge adds the rollups up from the staged rows, joined with their combinations.
    await importCsv(Readable.from([Buffer.from(text)]), {
      dataSourceId: sourceId,
      projectId: project.id,
      rollupSumsCap: 1,
    });
    expect(await seenSettings()).toEqual([
      { rollup: "observation_segment_daily", setting: "off" },
      { rollup: "observation_segment_weekly", setting: "on" },
    ]);
    await refreshDailyTotals(sourceId);
    expect(await seenSettings()).toEqual([
      { rollup: "observation_segment_daily", setting: "off" },
      { rollup: "observation_segment_weekly", setting: "on" },
    ]);
    const { rows } = await db().execute<{ n: number }>(
      sql`select count(*)::int as n from observation_segment_daily where data_source_id = ${sourceId}`,
    );
    // 500 pages and 2 channels on each of the 2 days.
    expect(rows[0].n).toBe(2 * 502);
  });
});
