import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { GoogleFake } from "@/e2e/fakes/google/server";
import { forEachGa4Row } from "@/e2e/fakes/google/generated-data";
import { encryptSecret } from "@/server/auth/encryption";
import { db } from "@/server/db/client";
import { ensureDailyTotals, refreshDailyTotals } from "@/server/insights/data/daily-totals";
import { dataSources, dataSourceSyncRuns, dataSourceSyncStates, thirdPartySessions } from "@/server/db/schema";
import { resetDatabase } from "@/test/db";
import { createAgency } from "@/test/factories";
import { signInWithGoogle, startGoogleForTests } from "@/test/google-fake";
import { insertClient, insertProject } from "@/test/workspace";
import { ga4Connector } from "./connectors/ga4";
import { addDays } from "./dates";
import { syncDataSource } from "./run-sync";

// A GA4 source synced from the fake Google servers into the real test database: the first import
// of 15 months, the daily re-read that replaces recent days, one sync at a time, a revoked token
// and an import that dies half-way and resumes.

const TODAY = "2026-03-10";
const PER_DAY = 20;
let fake: GoogleFake;

beforeAll(async () => {
  fake = await startGoogleForTests({ ga4CombinationsPerDay: PER_DAY, historyDays: 600, today: TODAY });
});
afterAll(() => fake.close());
beforeEach(() => resetDatabase());

async function ga4Source(property = "properties/1001") {
  const { agency, admin } = await createAgency();
  const client = await insertClient(agency.id);
  const project = await insertProject(client);
  const { tokens, email } = await signInWithGoogle(fake);
  const [session] = await db()
    .insert(thirdPartySessions)
    .values({
      agencyId: agency.id,
      userId: admin.id,
      type: "google",
      accessTokenEncrypted: encryptSecret(tokens.accessToken),
      refreshTokenEncrypted: encryptSecret(tokens.refreshToken!),
      expiresAt: tokens.expiresAt,
      additionalInfo: { email },
    })
    .returning();
  const [source] = await db()
    .insert(dataSources)
    .values({
      agencyId: agency.id,
      projectId: project.id,
      sourceName: "analytics-4",
      kind: "google",
      subType: "analytic-4",
      additional: { analyticAccount: "accounts/100", analyticProperty: property },
      thirdPartySessionId: session.id,
      createdById: admin.id,
    })
    .returning();
  return source;
}

/** What the fake serves for a range: rows and total sessions, to compare with what was stored. */
function served(start: string, end: string) {
  let rows = 0;
  let sessions = 0;
  for (let d = start; d <= end; d = addDays(d, 1))
    forEachGa4Row(fake.state.settings, "properties/1001", d, (r) => {
      rows++;
      sessions += r.metrics.sessions;
    });
  return { rows, sessions };
}

async function stored(dataSourceId: string, start = "1900-01-01", end = "2999-01-01") {
  const result = await db().execute<{ rows: number; sessions: number; keys: number; days: number }>(sql`
    select count(*)::int as rows, coalesce(sum(sessions), 0)::float as sessions,
           count(distinct (date, dimension_set_id))::int as keys, count(distinct date)::int as days
    from observations where data_source_id = ${dataSourceId} and date between ${start} and ${end}`);
  return result.rows[0];
}

/** The source's report rollups, every table, in a stable order. */
async function rollups(dataSourceId: string) {
  const read = async (query: ReturnType<typeof sql>) => (await db().execute(query)).rows;
  return {
    daily: await read(
      sql`select date::text, rows, sessions, conversions from observation_daily_totals where data_source_id = ${dataSourceId} order by date`,
    ),
    segments: await read(
      sql`select dimension, value, date::text, rows, sessions from observation_segment_daily where data_source_id = ${dataSourceId} order by 1, 2, 3`,
    ),
    weekly: await read(
      sql`select dimension, value, week::text, rows, sessions from observation_segment_weekly where data_source_id = ${dataSourceId} order by 1, 2, 3`,
    ),
    fourWeekly: await read(
      sql`select dimension, value, block::text, rows, sessions from observation_segment_four_weekly where data_source_id = ${dataSourceId} order by 1, 2, 3`,
    ),
  };
}

describe("GA4 sync", () => {
  it("imports 15 months up to yesterday, then re-reads the last 3 days replacing them without duplicates", async () => {
    const source = await ga4Source();
    const first = await syncDataSource(source.id, { today: TODAY });
    expect(first).toMatchObject({
      status: "succeeded",
      mode: "initial",
      startDate: "2024-12-10",
      endDate: "2026-03-09",
    });
    const expected = served("2024-12-10", "2026-03-09");
    const after = await stored(source.id);
    expect(after.rows).toBe(expected.rows);
    expect(after.keys).toBe(expected.rows);
    expect(after.days).toBe(455);
    expect(after.sessions).toBe(expected.sessions);
    // Mapped onto the engine's dimensions, channel group included.
    const dims = await db().execute<{ channel: string; source: string; medium: string; device: string }>(
      sql`select distinct d.channel, d.source, d.medium, d.device from observations o join dimension_sets d on d.id = o.dimension_set_id
          where o.data_source_id = ${source.id} and d.landing_page = '/' limit 1`,
    );
    expect(dims.rows[0]).toEqual({ channel: "Organic Search", source: "google", medium: "organic", device: "desktop" });

    // The report rollups were kept current batch by batch: the next report rebuilds nothing, and they are what a
    // full rebuild gives.
    expect(await ensureDailyTotals([source.id])).toBe(0);
    const merged = await rollups(source.id);
    expect(merged.daily).toHaveLength(455);
    await refreshDailyTotals(source.id);
    expect(await rollups(source.id)).toEqual(merged);

    // Late data changes the last 3 days at Google; the next day's sync re-reads them.
    const oldDays = await stored(source.id, "2024-12-10", "2026-03-06");
    fake.bumpRecentData();
    const second = await syncDataSource(source.id, { today: TODAY });
    // Merged into the rollups: a report after the sync reads the new figures of the re-read days.
    expect(await ensureDailyTotals([source.id])).toBe(0);
    const remerged = await rollups(source.id);
    const lastDay = remerged.daily.find((d) => d.date === "2026-03-09");
    expect(lastDay?.sessions).toBe(served("2026-03-09", "2026-03-09").sessions);
    expect(lastDay?.sessions).not.toBe(merged.daily.find((d) => d.date === "2026-03-09")?.sessions);
    await refreshDailyTotals(source.id);
    expect(await rollups(source.id)).toEqual(remerged);
    expect(second).toMatchObject({
      status: "succeeded",
      mode: "incremental",
      startDate: "2026-03-07",
      endDate: "2026-03-09",
    });
    const recent = await stored(source.id, "2026-03-07", "2026-03-09");
    expect(recent.rows).toBe(3 * PER_DAY);
    expect(recent.sessions).toBe(served("2026-03-07", "2026-03-09").sessions);
    expect(await stored(source.id, "2024-12-10", "2026-03-06")).toEqual(oldDays);
    expect((await stored(source.id)).rows).toBe(expected.rows);

    const runs = await db().select().from(dataSourceSyncRuns).where(eq(dataSourceSyncRuns.dataSourceId, source.id));
    expect(runs.map((r) => [r.mode, r.status, r.rows])).toEqual(
      expect.arrayContaining([
        ["initial", "succeeded", expected.rows],
        ["incremental", "succeeded", 3 * PER_DAY],
      ]),
    );
    expect(runs.every((r) => r.durationMs !== null && r.finishedAt !== null)).toBe(true);
  });

  it("runs one sync per source at a time: a second one at once is skipped", async () => {
    const source = await ga4Source();
    const outcomes = await Promise.all([
      syncDataSource(source.id, { today: TODAY }),
      syncDataSource(source.id, { today: TODAY }),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(["skipped", "succeeded"]);
    expect((await stored(source.id)).rows).toBe(served("2024-12-10", "2026-03-09").rows);
  });

  it("resumes an import that died half-way after its last committed day: no gap, no duplicate", async () => {
    const source = await ga4Source();
    // Batches 1 to 3 go through; from the 4th request on, Google fails for longer than the retries.
    fake.fail({ match: /runReport/, status: 500, skip: 3, times: 4 });
    await expect(syncDataSource(source.id, { today: TODAY })).rejects.toMatchObject({ kind: "unavailable" });
    const [state] = await db()
      .select()
      .from(dataSourceSyncStates)
      .where(eq(dataSourceSyncStates.dataSourceId, source.id));
    const committed = addDays("2024-12-10", 3 * ga4Connector.batchDays - 1); // 3 batches from 2024-12-10
    expect(state.importedThrough).toBe(committed);
    expect((await stored(source.id)).rows).toBe(served("2024-12-10", committed).rows);

    const resumed = await syncDataSource(source.id, { today: TODAY });
    expect(resumed).toMatchObject({ status: "succeeded", mode: "initial", startDate: addDays(committed, 1) });
    const all = await stored(source.id);
    expect(all.rows).toBe(served("2024-12-10", "2026-03-09").rows);
    expect(all.keys).toBe(all.rows);
    expect(all.days).toBe(455);
  });

  it("keeps the imported rows and marks the source token-update-failed when the token is revoked", async () => {
    const source = await ga4Source();
    await syncDataSource(source.id, { today: TODAY });
    const before = await stored(source.id);
    fake.revokeAll();
    const outcome = await syncDataSource(source.id, { today: "2026-03-12" });
    expect(outcome.status).toBe("failed");
    const [state] = await db()
      .select()
      .from(dataSourceSyncStates)
      .where(eq(dataSourceSyncStates.dataSourceId, source.id));
    expect(state.tokenUpdateFailedAt).not.toBeNull();
    expect(state.lastError).toMatch(/reconnect Google/);
    expect(await stored(source.id)).toEqual(before);
    // Until the user reconnects, the daily sync does not hammer Google with a dead token.
    expect(await syncDataSource(source.id, { today: "2026-03-12" })).toEqual({
      status: "skipped",
      reason: "token-update-failed",
    });
  });
});
