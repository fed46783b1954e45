import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { observationPartitionName } from "@/server/db/observation-partitions";
import { RowBuffer } from "@/server/services/data-sources/sync/row-buffer";
import { replaceDays } from "@/server/services/data-sources/sync/replace-days";
import { resetDatabase } from "@/test/db";
import { countObservations, createSource, deleteSource, uploadCsv, uploadWorld } from "@/test/data-source-fixtures";

// `observations` is partitioned by data source (migration 0018): a first upload builds its source's
// partition and attaches it, other writers create it before their first row, deleting the source drops it.

/** The partitions attached to `observations`, and whether the source's table exists at all. */
async function partitionOf(sourceId: string) {
  const name = observationPartitionName(sourceId);
  const { rows } = await db().execute<{ attached: boolean; exists: boolean }>(sql`
    select exists (select 1 from pg_inherits i join pg_class c on c.oid = i.inhrelid
                   where i.inhparent = 'public.observations'::regclass and c.relname = ${name}) as attached,
           to_regclass(${`public.${name}`}) is not null as exists`);
  return rows[0];
}

/** A source's rows in each report rollup: daily totals, segment days, segment weeks, four-week blocks. */
async function rollupRows(sourceId: string) {
  const { rows } = await db().execute<{ n: number[] }>(sql`
    select array[(select count(*) from observation_daily_totals where data_source_id = ${sourceId}),
                 (select count(*) from observation_segment_daily where data_source_id = ${sourceId}),
                 (select count(*) from observation_segment_weekly where data_source_id = ${sourceId}),
                 (select count(*) from observation_segment_four_weekly where data_source_id = ${sourceId})]::int[] as n`);
  return rows[0].n;
}

const CSV = "date,channel,sessions\n2026-03-01,Direct,10\n2026-03-01,Email,4\n2026-03-02,Direct,12\n";

describe("observations partitioned by data source", () => {
  beforeEach(resetDatabase);

  it("a source's first upload builds its partition and attaches it; a later upload writes into it", async () => {
    const { main, sourceId } = await uploadWorld();
    expect(await partitionOf(sourceId)).toEqual({ attached: false, exists: false });
    const first = await uploadCsv(sourceId, main.token, CSV);
    expect(first.status).toBe(200);
    expect(await partitionOf(sourceId)).toEqual({ attached: true, exists: true });
    expect(await countObservations(sourceId)).toBe(3);
    // Its primary key came with it: the parent's, attached.
    const { rows } = await db().execute<{ n: number }>(sql`
      select count(*)::int as n from pg_index x join pg_class c on c.oid = x.indrelid
      where c.relname = ${observationPartitionName(sourceId)} and x.indisprimary`);
    expect(rows[0].n).toBe(1);
    const again = await uploadCsv(sourceId, main.token, "date,channel,sessions\n2026-03-02,Direct,13\n");
    expect(again.status).toBe(200);
    // The file's day replaced, the other kept.
    const { rows: sums } = await db().execute<{ n: number; sessions: number }>(
      sql`select count(*)::int as n, sum(sessions)::float8 as sessions from observations where data_source_id = ${sourceId}`,
    );
    expect(sums[0]).toEqual({ n: 3, sessions: 27 });
  });

  it("a re-upload that changes rows touches only its own source's partition", async () => {
    const { main, project, sourceId } = await uploadWorld();
    const other = await createSource(project.id, main.token, { name: "Other export" });
    const otherId = other.body._id as string;
    // The same rows in both sources: their partitions hold rows at the same physical addresses.
    expect((await uploadCsv(sourceId, main.token, CSV)).status).toBe(200);
    expect((await uploadCsv(otherId, main.token, CSV)).status).toBe(200);
    const changed = "date,channel,sessions\n2026-03-01,Direct,20\n2026-03-01,Email,4\n2026-03-02,Direct,22\n";
    expect((await uploadCsv(sourceId, main.token, changed)).status).toBe(200);
    const sums = async (id: string) =>
      (
        await db().execute<{ n: number; sessions: number }>(
          sql`select count(*)::int as n, sum(sessions)::float8 as sessions from observations where data_source_id = ${id}`,
        )
      ).rows[0];
    expect(await sums(sourceId)).toEqual({ n: 3, sessions: 46 });
    expect(await sums(otherId)).toEqual({ n: 3, sessions: 26 });
  });

  it("first uploads into two new sources of a project run side by side and both attach", async () => {
    const { main, project, sourceId } = await uploadWorld();
    const other = (await createSource(project.id, main.token, { name: "Other export" })).body._id as string;
    const [a, b] = await Promise.all([uploadCsv(sourceId, main.token, CSV), uploadCsv(other, main.token, CSV)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await partitionOf(sourceId)).toEqual({ attached: true, exists: true });
    expect(await partitionOf(other)).toEqual({ attached: true, exists: true });
    expect([await countObservations(sourceId), await countObservations(other)]).toEqual([3, 3]);
  });

  it("a first upload that fails leaves neither rows nor a table behind", async () => {
    const { main, sourceId } = await uploadWorld();
    const refused = await uploadCsv(sourceId, main.token, CSV + "soon,Direct,11\n");
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^Line 5, column date: "soon" is not a date/);
    expect(await partitionOf(sourceId)).toEqual({ attached: false, exists: false });
    // The next upload builds it as if nothing had happened.
    expect((await uploadCsv(sourceId, main.token, CSV)).status).toBe(200);
    expect(await countObservations(sourceId)).toBe(3);
  });

  it("a sync creates the partition before its first row", async () => {
    const { project, sourceId } = await uploadWorld();
    const rows = new RowBuffer(["channel"], ["sessions"]);
    rows.add("2026-03-01", ["Direct"], [10]);
    await replaceDays({
      dataSourceId: sourceId,
      projectId: project.id,
      startDate: "2026-03-01",
      endDate: "2026-03-01",
      rows,
    });
    expect(await partitionOf(sourceId)).toEqual({ attached: true, exists: true });
    expect(await countObservations(sourceId)).toBe(1);
  });

  it("deleting a source drops its partition and its report rollups, also when its project is deleted", async () => {
    const { main, project, sourceId } = await uploadWorld();
    const otherId = (await createSource(project.id, main.token, { name: "Other export" })).body._id as string;
    expect((await uploadCsv(sourceId, main.token, CSV)).status).toBe(200);
    expect((await uploadCsv(otherId, main.token, CSV)).status).toBe(200);
    // Daily totals (2 days); per channel: its days (3), its weeks (3: 1 March is a Sunday), its four-week blocks.
    expect(await rollupRows(sourceId)).toEqual([2, 3, 3, 2]);
    expect((await deleteSource(sourceId, main.token)).status).toBe(200);
    expect(await partitionOf(sourceId)).toEqual({ attached: false, exists: false });
    expect(await rollupRows(sourceId)).toEqual([0, 0, 0, 0]);
    expect(await rollupRows(otherId)).toEqual([2, 3, 3, 2]);
    // A project's delete cascades to its sources in the database: the trigger runs for them too.
    await db().execute(sql`delete from client_projects where id = ${project.id}`);
    expect(await partitionOf(otherId)).toEqual({ attached: false, exists: false });
    expect(await rollupRows(otherId)).toEqual([0, 0, 0, 0]);
  });
});
