import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { ga4ChannelOfUa } from "@/lib/catalogue/analytics-generations";
import { addDays } from "@/lib/dates";
import { db, pool } from "@/server/db/client";
import { dataSources } from "@/server/db/schema";
import { analyticsSeams } from "@/server/insights/data/analytics-seam";
import { ensureDailyTotals } from "@/server/insights/data/daily-totals";
import { loadProjectData } from "@/server/insights/data/load-project-data";
import { importCsv } from "@/server/services/data-sources/upload/import-csv";
import { createSource, uploadCsv, uploadWorld } from "@/test/data-source-fixtures";
import { resetDatabase } from "@/test/db";

// Uploads of Universal Analytics' and GA4's exports made before the seam (ADR 0034) stored no generation and UA's own
// channel names. drizzle/0047_ua_uploads_before_the_seam.sql carries them over from what they hold (their remembered
// columns); here it runs again over rows stored as the old code stored them, and they are then read across the seam.

const FILES = path.resolve(import.meta.dirname, "../../shared/real-exports/files");
const MIGRATION = path.resolve(import.meta.dirname, "../drizzle/0047_ua_uploads_before_the_seam.sql");

beforeEach(() => resetDatabase());

/** The migration's statements, run as the migrator runs them: in one transaction on one connection. */
async function runMigration(): Promise<void> {
  const statements = fs.readFileSync(MIGRATION, "utf8").split("--> statement-breakpoint");
  const client = await pool().connect();
  try {
    await client.query("begin");
    for (const statement of statements) await client.query(statement);
    await client.query("commit");
  } catch (error) {
    await client.query("rollback");
    throw error;
  } finally {
    client.release();
  }
}

/** The upload's summary as the code before the seam stored it: without its generation. */
async function asStoredBeforeTheSeam(sourceId: string): Promise<void> {
  await db().execute(sql`
    update data_sources set additional = jsonb_set(additional, '{upload}', (additional->'upload') - 'generation')
    where id = ${sourceId}`);
}

async function generationOf(sourceId: string): Promise<unknown> {
  const [source] = await db().select().from(dataSources).where(eq(dataSources.id, sourceId));
  return (source.additional.upload as { generation?: unknown }).generation;
}

async function uploadReal(sourceId: string, token: string, file: string) {
  const res = await uploadCsv(sourceId, token, fs.readFileSync(path.join(FILES, file)), file);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

type StoredRow = {
  date: string;
  channel: string;
  source: string;
  medium: string;
  sessions: number;
  users: number;
};

async function storedRows(sourceId: string): Promise<StoredRow[]> {
  const { rows } = await db().execute<StoredRow>(sql`
    select to_char(o.date, 'YYYY-MM-DD') as date, d.channel, d.source, d.medium, o.sessions, o.users
    from observations o join dimension_sets d on d.id = o.dimension_set_id
    where o.data_source_id = ${sourceId} order by 1, 3, 4, 2`);
  return rows;
}

// Sources and mediums UA put under "Social" and under "(Other)": GA4's rules decide those two channels from them.
const SOCIAL = [
  "facebook.com / cpc",
  "m.facebook.com / referral",
  "instagram / paid_social",
  "lnkd.in / social",
  "t.co / referral",
  "pinterest / ppc",
  "(not set) / (not set)",
];
const OTHER = [
  "newsletter / email",
  "partner / banner",
  "google / cpc",
  "bing / organic",
  "youtube.com / referral",
  "www.youtube.com / cpc",
  "tiktok / cpc",
  "amazon / cpc",
  "sms / sms",
  "app / web push",
  "podcast / audio",
  "blog / affiliate",
  "(not set) / (not set)",
];
const FROM = "2022-05-01";
const UNTIL = "2022-05-31";

/**
 * A Universal Analytics channels report by day with Source / Medium, as UA wrote it (its `#` block, Day Index in
 * M/D/YY). Every day: the sources and mediums above under "Social" and "(Other)"; "Other Advertising"; "Direct" and
 * a custom grouping's "direct" of the same visits' source (GA4's name for both is Direct); "(Other)" and "Other
 * Advertising" of one source and medium (both are GA4's Paid Other).
 */
function uaChannelsBySourceMedium(): string {
  const lines = [
    "# ----------------------------------------",
    "# All Web Site Data",
    "# Channels",
    "# 20220501-20220531",
    "# ----------------------------------------",
    "",
    "Default Channel Grouping,Source / Medium,Day Index,Sessions,Users",
  ];
  for (let date = FROM, i = 0; date <= UNTIL; date = addDays(date, 1), i++) {
    const [y, m, d] = date.split("-").map(Number);
    const day = `${m}/${d}/${String(y).slice(2)}`;
    SOCIAL.forEach((sm, k) => lines.push(`Social,${sm},${day},${10 + k + i},${8 + k}`));
    OTHER.forEach((sm, k) => lines.push(`(Other),${sm},${day},${3 + k},${2 + (k % 3)}`));
    lines.push(`Other Advertising,partner / cpc,${day},${7 + (i % 4)},6`);
    lines.push(`(Other),partner / cpc,${day},${2 + (i % 2)},2`);
    lines.push(`Direct,(direct) / (none),${day},${120 + i},100`);
    lines.push(`direct,(direct) / (none),${day},4,4`);
  }
  return lines.join("\n") + "\n";
}

/** The file imported as the code before the seam imported it: no generation told, UA's channels kept as they were. */
async function importBeforeTheSeam(sourceId: string, projectId: string, text: string): Promise<void> {
  await importCsv(Readable.from([Buffer.from(text)]), { dataSourceId: sourceId, projectId });
}

describe("Universal Analytics uploads made before the seam (migration 0047)", () => {
  it("tells the real UA and GA4 exports' generations from their columns, and reads UA's days across the seam", async () => {
    const { main, project, sourceId: uaId } = await uploadWorld();
    await uploadReal(uaId, main.token, "ua-gmerch-demo-day-index-users-jan2019.csv");
    const created = await createSource(project.id, main.token, { name: "GA4 export" });
    const ga4Id = created.body._id as string;
    await uploadReal(ga4Id, main.token, "ga4-reports-snapshot-nth-day-544d.csv");
    await asStoredBeforeTheSeam(uaId);
    await asStoredBeforeTheSeam(ga4Id);
    expect(await analyticsSeams([uaId, ga4Id])).toEqual([]);

    await runMigration();
    expect(await generationOf(uaId)).toBe("ua");
    expect(await generationOf(ga4Id)).toBe("ga4");
    expect(await analyticsSeams([uaId, ga4Id])).toEqual([
      { legacyId: uaId, currentId: ga4Id, from: "2022-06-01", legacyFirst: "2019-01-01" },
    ]);

    // Read as one source: UA's January 2019 is the GA4 source's, the UA source no source of its own.
    const data = await loadProjectData({
      projectId: project.id,
      window: {
        periodStart: "2022-06-01",
        periodEnd: "2022-06-28",
        compareTo: "previous_period",
        comparisonStart: "2019-01-01",
        comparisonEnd: "2019-01-28",
        historyStart: "2019-01-01",
        periodDays: 28,
      },
      dimensions: [],
    });
    expect(data.sources.map((s) => s.sourceId)).toEqual([ga4Id]);
    const january = data.series("users", "2019-01-01", "2019-01-31", ga4Id);
    expect(january.map((p) => p.value).slice(0, 4)).toEqual([38, 98, 82, 88]);
    expect(january.reduce((sum, p) => sum + (p.value ?? 0), 0)).toBe(2800);
  });

  it("moves a UA upload's channels onto GA4's names as a new upload's are, losing no row", async () => {
    const { project, sourceId } = await uploadWorld();
    await importBeforeTheSeam(sourceId, project.id, uaChannelsBySourceMedium());
    const before = await storedRows(sourceId);
    expect(new Set(before.map((r) => r.channel))).toEqual(
      new Set(["Social", "(Other)", "Other Advertising", "Direct", "direct"]),
    );
    expect(await generationOf(sourceId)).toBeUndefined();
    await ensureDailyTotals([sourceId]);

    await runMigration();
    expect(await generationOf(sourceId)).toBe("ua");
    const [source] = await db().select().from(dataSources).where(eq(dataSources.id, sourceId));
    expect((source.additional.upload as { notes: string[] }).notes.join(" ")).toMatch(/\(Other\) as Unassigned/);

    const after = await storedRows(sourceId);
    // Every row kept with its values, each under one combination.
    const values = (rows: StoredRow[]) => rows.map((r) => [r.date, r.source, r.medium, r.sessions, r.users].join("|"));
    expect(values(after).sort()).toEqual(values(before).sort());
    const rowOf = (rows: StoredRow[], r: StoredRow) => `${r.date}|${r.source}|${r.medium}|${r.sessions}|${r.users}`;
    const was = new Map(before.map((r) => [rowOf(before, r), r.channel]));
    const twoOfOne = (r: StoredRow) =>
      (r.source === "(direct)" && r.sessions === 4) || (r.source === "partner" && r.medium === "cpc");
    for (const row of after) {
      const old = was.get(rowOf(after, row))!;
      if (twoOfOne(row)) continue;
      // The migration's rules are the importer's: GA4's default channel group for Social and (Other) by source/medium.
      expect(row.channel, `${old} ${row.source} / ${row.medium}`).toBe(ga4ChannelOfUa(old, row.source, row.medium));
    }
    const channels = new Set(after.map((r) => r.channel));
    for (const ga4 of ["Paid Social", "Organic Social", "Email", "Paid Search", "Unassigned", "Display", "SMS"])
      expect(channels).toContain(ga4);
    expect(channels).not.toContain("Social");
    expect(channels).not.toContain("Other Advertising");
    // Two UA names of one GA4 channel, one day: one row moves, the other keeps its name (nothing summed or lost).
    const day = after.filter((r) => r.date === FROM);
    expect(
      day
        .filter((r) => r.source === "(direct)")
        .map((r) => r.channel)
        .sort(),
    ).toEqual(["Direct", "direct"].sort());
    expect(
      day
        .filter((r) => r.source === "partner" && r.medium === "cpc")
        .map((r) => r.channel)
        .sort(),
    ).toEqual(["(Other)", "Paid Other"].sort());

    // The source's rollups are rebuilt before the next read, under GA4's names.
    expect(await ensureDailyTotals([sourceId])).toBe(1);
    const { rows: segments } = await db().execute<{ value: string; sessions: number }>(sql`
      select value, sum(sessions)::float8 as sessions from observation_segment_daily
      where data_source_id = ${sourceId} and dimension = 'channel' group by value order by value`);
    const expected = new Map<string, number>();
    for (const r of after) expected.set(r.channel, (expected.get(r.channel) ?? 0) + r.sessions);
    expect(Object.fromEntries(segments.map((s) => [s.value, s.sessions]))).toEqual(Object.fromEntries(expected));

    // Run again (a source that holds its generation is left as it is), nothing moves.
    const [version] = await db().select().from(dataSources).where(eq(dataSources.id, sourceId));
    await runMigration();
    expect(await storedRows(sourceId)).toEqual(after);
    const [again] = await db().select().from(dataSources).where(eq(dataSources.id, sourceId));
    expect(again.updatedAt).toEqual(version.updatedAt);
  });

  it("leaves an export that does not say it is Universal Analytics' as it was (the control)", async () => {
    const { project, sourceId } = await uploadWorld();
    const plain = uaChannelsBySourceMedium()
      .split("\n")
      .filter((line) => !line.startsWith("#") && line !== "")
      .map((line, i) => (i === 0 ? "Channel,Source / Medium,Date,Sessions,Users" : line))
      .join("\n");
    await importBeforeTheSeam(sourceId, project.id, plain);
    const before = await storedRows(sourceId);
    await runMigration();
    expect(await generationOf(sourceId)).toBeUndefined();
    expect(await storedRows(sourceId)).toEqual(before);
  });
});
