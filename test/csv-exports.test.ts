import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { DATA_SOURCE_MESSAGES as M } from "@/lib/constants/data-source-messages";
import * as createUploadRoute from "@/app/api/properties/[id]/data-sources/upload/route";
import * as uploadRoute from "@/app/api/data-sources/[id]/upload/route";
import { db } from "@/server/db/client";
import { dataSources } from "@/server/db/schema";
import { call } from "@/test/api";
import { resetDatabase } from "@/test/db";
import { createAgency } from "@/test/factories";
import { getSource, uploadWorld } from "@/test/data-source-fixtures";

// Real exports as their tools write them (test/fixtures/csv), uploaded through the API into the
// real database: the header mapped by its known names, the dates and numbers as they come.

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, "fixtures/csv", name));

function form(csv: string | Buffer, fields: Record<string, string> = {}, filename = "export.csv") {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  data.set("file", new File([csv as BlobPart], filename, { type: "text/csv" }));
  return data;
}
const upload = (id: string, token: string, csv: string | Buffer, fields?: Record<string, string>) =>
  call(uploadRoute.POST, {
    path: `/api/data-sources/${id}/upload`,
    params: { id },
    token,
    formData: form(csv, fields),
  });
const createWithUpload = (projectId: string, token: string, csv: string | Buffer, fields?: Record<string, string>) =>
  call(createUploadRoute.POST, {
    path: `/api/properties/${projectId}/data-sources/upload`,
    params: { id: projectId },
    token,
    formData: form(csv, fields),
  });

/** Per day: the sums of a few metrics over the source's rows. */
async function dailySums(dataSourceId: string) {
  const result = await db().execute<Record<string, unknown>>(sql`
    select to_char(date, 'YYYY-MM-DD') as date, sum(sessions)::float as sessions, sum(conversions)::float as conversions,
           sum(transactions)::float as transactions, round(sum(revenue)::numeric, 2)::float as revenue, sum(clicks)::float as clicks,
           sum(impressions)::float as impressions, round(sum(cost)::numeric, 2)::float as cost,
           round((sum(position_weighted) / nullif(sum(impressions), 0))::numeric, 2)::float as position
    from observations where data_source_id = ${dataSourceId} group by date order by date`);
  return result.rows;
}

describe("uploading real exports", () => {
  beforeEach(resetDatabase);

  it("GA4 traffic acquisition, with its # preamble, YYYYMMDD dates and a thousands separator", async () => {
    const { main, sourceId } = await uploadWorld();
    const res = await upload(sourceId, main.token, fixture("ga4-traffic-acquisition.csv"));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      rows: 6,
      dateRange: { start: "2026-01-01", end: "2026-01-03" },
      metrics: ["sessions", "engagedSessions", "conversions", "revenue"],
      dimensions: ["channel"],
    });
    const days = await dailySums(sourceId);
    expect(days.map((d) => [d.date, d.sessions, d.conversions, d.revenue])).toEqual([
      ["2026-01-01", 1892, 46, 3281.5],
      ["2026-01-02", 2012, 50, 3465.65],
      ["2026-01-03", 1952, 49, 3558.15],
    ]);
  });

  it("Search Console Dates.csv: percent CTR left out, position averaged by impressions", async () => {
    const { main, sourceId } = await uploadWorld();
    const res = await upload(sourceId, main.token, fixture("search-console-dates.csv"));
    expect(res.status).toBe(200);
    expect(res.body.metrics).toEqual(["impressions", "clicks", "position"]);
    expect((await dailySums(sourceId)).at(-1)).toMatchObject({
      date: "2026-01-31",
      clicks: 412,
      impressions: 18204,
      position: 14.8,
    });
  });

  it("Google Ads: title lines skipped, 'Jan 29, 2026' dates, totals rows left out", async () => {
    const { main, sourceId } = await uploadWorld();
    const res = await upload(sourceId, main.token, fixture("google-ads-campaigns.csv"));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ rows: 6, dateRange: { start: "2026-01-29", end: "2026-01-31" } });
    expect((await dailySums(sourceId))[0]).toMatchObject({
      date: "2026-01-29",
      clicks: 517,
      impressions: 26038,
      cost: 308.32,
      conversions: 24.5,
      revenue: 1960,
    });
  });

  it("Shopify: $ amounts with separators, orders as transactions, total sales as revenue", async () => {
    const { main, sourceId } = await uploadWorld();
    const res = await upload(sourceId, main.token, fixture("shopify-sales-over-time.csv"));
    expect(res.status).toBe(200);
    expect((await dailySums(sourceId))[2]).toMatchObject({ date: "2026-01-31", transactions: 52, revenue: 4316.05 });
  });

  it("Meta Ads with a daily breakdown: the Day column, spend in EUR as cost", async () => {
    const { main, sourceId } = await uploadWorld();
    const res = await upload(sourceId, main.token, fixture("meta-ads-daily.csv"));
    expect(res.status).toBe(200);
    expect(res.body.dateRange).toEqual({ start: "2026-01-29", end: "2026-01-30" });
    expect((await dailySums(sourceId))[1]).toMatchObject({ cost: 91.96, clicks: 291, transactions: 15, revenue: 990 });
  });

  it("Meta Ads by ad set: the ad set is not imported, so each campaign's day is the sum of its ad sets", async () => {
    const { main, sourceId } = await uploadWorld();
    const csv = [
      "Campaign name,Ad set name,Day,Impressions,Reach,Amount spent (EUR),Link clicks",
      "Prospecting,Broad 25-54,2026-01-29,14502,9000,61.29,188",
      "Prospecting,Lookalike 1%,2026-01-29,6044,4100,27.00,97",
      "Prospecting,Broad 25-54,2026-01-30,12000,8000,50.00,150",
    ].join("\n");
    const res = await upload(sourceId, main.token, csv);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ rows: 2, metrics: ["impressions", "clicks", "cost"], dimensions: ["campaign"] });
    expect(res.body.notes.join(" ")).toContain("split by Ad set name");
    expect(res.body.notes.join(" ")).toContain("3 rows of the file were added up into 2");
    expect((await dailySums(sourceId)).map((d) => [d.date, d.impressions, d.cost, d.clicks])).toEqual([
      ["2026-01-29", 20546, 88.29, 285],
      ["2026-01-30", 12000, 50, 150],
    ]);
  });

  it("day-first dates are told by a day above 12; European amounts with a euro sign", async () => {
    const { main, sourceId } = await uploadWorld();
    const res = await upload(sourceId, main.token, fixture("day-first-dates.csv"));
    expect(res.status).toBe(200);
    expect(res.body.dateRange).toEqual({ start: "2026-01-03", end: "2026-01-13" });
    expect((await dailySums(sourceId)).map((d) => d.revenue)).toEqual([1204.5, 1310, 980.25]);
  });

  it("an unparseable date names its line and column, and nothing is imported", async () => {
    const { main, sourceId } = await uploadWorld();
    const res = await upload(sourceId, main.token, fixture("bad-date.csv"));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(M.badDate(4, "Date", "yesterday"));
    expect(await dailySums(sourceId)).toEqual([]);
  });

  it("an unknown column is ignored without a mapping (the summary says so); a mapping is remembered", async () => {
    const { main, sourceId } = await uploadWorld();
    const csv = fixture("unknown-columns.csv");
    const proposed = await upload(sourceId, main.token, csv);
    expect(proposed.status).toBe(200);
    expect(proposed.body.notes).toContain("Columns not recognised, not imported: Mood of the day");

    const mapping = {
      columns: [
        { header: "Date", target: "date" },
        { header: "Sessions", target: "metric:sessions" },
        { header: "Mood of the day", target: "ignore" },
      ],
    };
    const mapped = await upload(sourceId, main.token, csv, { mapping: JSON.stringify(mapping) });
    expect(mapped.status).toBe(200);
    expect((await getSource(sourceId, main.token)).body.csvMapping).toEqual(mapping);

    // The next file of the same export needs no choices.
    const next = await upload(sourceId, main.token, "Date,Sessions,Mood of the day\n2026-01-02,12,calm\n");
    expect(next.status).toBe(200);
    expect(next.body.dateRange).toEqual({ start: "2026-01-02", end: "2026-01-02" });
  });

  it("a mapping that leaves out a column, maps a derived metric or has no metric is refused with the column named", async () => {
    const { main, sourceId } = await uploadWorld();
    const csv = fixture("search-console-dates.csv");
    const send = (columns: { header: string; target: string }[]) =>
      upload(sourceId, main.token, csv, { mapping: JSON.stringify({ columns }) });
    const missing = await send([{ header: "Date", target: "date" }]);
    expect(missing.body.message).toMatch(/^Line 1, column Clicks: the column is not in the column mapping/);
    const all = (ctr: string, rest = "metric:clicks") =>
      send([
        { header: "Date", target: "date" },
        { header: "Clicks", target: rest },
        { header: "Impressions", target: "ignore" },
        { header: "CTR", target: ctr },
        { header: "Position", target: "ignore" },
      ]);
    expect((await all("metric:ctr")).body.message).toMatch(
      /^Line 1, column CTR: Click-through rate is computed from Clicks and Impressions/,
    );
    expect((await all("ignore", "ignore")).body.message).toMatch(
      /^Line 1: Choose at least one column that holds a metric/,
    );
    expect((await send([{ header: "Date", target: "date" }]).then(() => all("ignore"))).status).toBe(200);
  });

  it("a new source is created with its first file, or not at all", async () => {
    const { main, project } = await uploadWorld();
    const before = await db().select().from(dataSources).where(eq(dataSources.projectId, project.id));

    const failed = await createWithUpload(project.id, main.token, fixture("bad-date.csv"), { name: "Broken export" });
    expect(failed.status).toBe(400);
    expect(failed.body.message).toBe(M.badDate(4, "Date", "yesterday"));
    const after = await db().select().from(dataSources).where(eq(dataSources.projectId, project.id));
    expect(after.length).toBe(before.length);

    const created = await createWithUpload(project.id, main.token, fixture("ga4-traffic-acquisition.csv"), {
      name: "GA4 export",
    });
    expect(created.status).toBe(201);
    expect(created.body.dataSource).toMatchObject({ name: "GA4 export", sourceName: "upload", kind: "own" });
    expect(created.body.dataSource.csvMapping.columns[0]).toEqual({ header: "Date", target: "date" });
    expect(created.body.summary.rows).toBe(6);
  });

  it("another agency's project or source is 404, and nothing is created", async () => {
    const { project, sourceId } = await uploadWorld();
    const other = await createAgency();
    const csv = fixture("ga4-traffic-acquisition.csv");
    expect((await createWithUpload(project.id, other.token, csv)).status).toBe(404);
    expect((await upload(sourceId, other.token, csv)).status).toBe(404);
    const rows = await db().select().from(dataSources).where(eq(dataSources.projectId, project.id));
    expect(rows.length).toBe(1);
  });

  it("a Viewer cannot upload; a malformed mapping is a 400 on the mapping field", async () => {
    const { viewer, creator, sourceId } = await uploadWorld();
    const csv = fixture("search-console-dates.csv");
    expect((await upload(sourceId, viewer.token, csv)).status).toBe(403);
    const bad = await upload(sourceId, creator.token, csv, { mapping: "{not json" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ mapping: "The column mapping is not valid JSON" });
  });
});
