import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { count, eq, sql } from "drizzle-orm";
import * as createUploadRoute from "@/app/api/properties/[id]/data-sources/upload/route";
import * as uploadRoute from "@/app/api/data-sources/[id]/upload/route";
import { db } from "@/server/db/client";
import { dataSources } from "@/server/db/schema";
import { call } from "@/test/api";
import { resetDatabase } from "@/test/db";
import { uploadWorld } from "@/test/data-source-fixtures";

// Every real export of ../shared/real-exports/files (byte for byte as analysts downloaded them; SOURCES.md), uploaded
// through the API without a mapping into the real database: imported with its first and last date, grain, metrics
// and totals equal to the file's own sums (summed here by a reading of the file of its own, not the importer's), or
// refused with the tool's guidance and nothing written. Read from ../shared, never copied.

const FILES = path.resolve(import.meta.dirname, "../../shared/real-exports/files");
const file = (name: string) => readFileSync(path.join(FILES, name));

function form(bytes: Buffer, name: string) {
  const data = new FormData();
  data.set("file", new File([bytes as BlobPart], name, { type: "text/csv" }));
  return data;
}
const upload = (id: string, token: string, name: string) =>
  call(uploadRoute.POST, {
    path: `/api/data-sources/${id}/upload`,
    params: { id },
    token,
    formData: form(file(name), name),
  });
const createWithUpload = (projectId: string, token: string, name: string) =>
  call(createUploadRoute.POST, {
    path: `/api/properties/${projectId}/data-sources/upload`,
    params: { id: projectId },
    token,
    formData: form(file(name), name),
  });

/** The source's rows summed per metric, and its dates. */
async function stored(sourceId: string) {
  const { rows } = await db().execute<Record<string, number | string | null>>(sql`
    select count(*)::int as rows, min(date)::text as first, max(date)::text as last,
           sum(sessions)::float as sessions, sum(users)::float as users, sum(new_users)::float as "newUsers",
           sum(clicks)::float as clicks, sum(impressions)::float as impressions, round(sum(cost)::numeric, 2)::float as cost,
           round((sum(position_weighted) / nullif(sum(impressions), 0))::numeric, 2)::float as position
    from observations where data_source_id = ${sourceId}`);
  return rows[0];
}

/** A simple CSV's column, summed: the file's own total (numbers with thousands separators and currency signs). */
function columnSum(lines: string[][], column: number): number {
  return lines.reduce((sum, cells) => sum + Number(cells[column].replace(/[^0-9.-]/g, "")), 0);
}
const simpleRows = (text: string, from: number) =>
  text
    .split("\n")
    .slice(from)
    .filter((l) => l.trim() !== "")
    .map((l) => l.split(",").map((c) => c.replace(/^"|"$/g, "")));

async function sourceCount(projectId: string) {
  const [{ n }] = await db().select({ n: count() }).from(dataSources).where(eq(dataSources.projectId, projectId));
  return n;
}

describe("real exports through the API, without a mapping", () => {
  beforeEach(resetDatabase);

  it("Search Console Dates.csv: 365 days, newest first, position averaged by impressions", async () => {
    const { main, sourceId } = await uploadWorld();
    const res = await upload(sourceId, main.token, "gsc-dates-daily-365d-page-filter.csv");
    expect(res.status).toBe(200);
    const rows = simpleRows(file("gsc-dates-daily-365d-page-filter.csv").toString("utf8"), 1);
    const clicks = columnSum(rows, 1);
    const impressions = columnSum(rows, 2);
    const position = rows.reduce((s, r) => s + Number(r[4]) * Number(r[2]), 0) / impressions;
    expect(res.body).toMatchObject({
      rows: 365,
      dateRange: { start: "2024-07-12", end: "2025-07-11" },
      grain: "day",
      metrics: ["impressions", "clicks", "position"],
      totals: { clicks, impressions, position: Math.round(position * 100) / 100 },
    });
    expect(await stored(sourceId)).toMatchObject({
      rows: 365,
      first: "2024-07-12",
      last: "2025-07-11",
      clicks,
      impressions,
      position: Math.round(position * 100) / 100,
    });
  });

  it("GA4 report snapshot: Nth day counted from # Start date, the Users and New users tables merged into one row a day", async () => {
    const { main, sourceId } = await uploadWorld();
    const res = await upload(sourceId, main.token, "ga4-reports-snapshot-nth-day-544d.csv");
    expect(res.status).toBe(200);
    const lines = file("ga4-reports-snapshot-nth-day-544d.csv").toString("utf8").split("\n");
    const section = (header: string) => {
      const at = lines.indexOf(header);
      const out: number[] = [];
      for (let i = at + 1; i < lines.length && /^\d{4},/.test(lines[i]); i++) out.push(Number(lines[i].split(",")[1]));
      return out;
    };
    const users = section("Nth day,Users");
    const newUsers = section("Nth day,New users");
    expect(users).toHaveLength(544);
    expect(res.body).toMatchObject({
      rows: 544,
      dateRange: { start: "2022-06-01", end: "2023-11-26" },
      grain: "day",
      coverage: { start: "2022-06-01", end: "2023-11-26", stated: true },
      metrics: ["users", "newUsers"],
      totals: { users: users.reduce((a, b) => a + b, 0), newUsers: newUsers.reduce((a, b) => a + b, 0) },
    });
    expect(res.body.notes.join(" ")).toContain("Country ID, Users");
    const last = await db().execute<{ users: number; new_users: number }>(
      sql`select users, new_users from observations where data_source_id = ${sourceId} and date = '2023-11-26'`,
    );
    expect(last.rows).toEqual([{ users: users[543], new_users: newUsers[543] }]);
  });

  it("Universal Analytics Day Index: M/D/YY days under the # block and a blank line, the totals row checked", async () => {
    const { main, sourceId } = await uploadWorld();
    const res = await upload(sourceId, main.token, "ua-gmerch-demo-day-index-users-jan2019.csv");
    expect(res.status).toBe(200);
    const rows = simpleRows(file("ua-gmerch-demo-day-index-users-jan2019.csv").toString("utf8"), 7).filter(
      (r) => r[0] !== "",
    );
    const users = columnSum(rows, 1);
    expect(res.body).toMatchObject({
      rows: 31,
      dateRange: { start: "2019-01-01", end: "2019-01-31" },
      grain: "day",
      coverage: { start: "2019-01-01", end: "2019-01-31", stated: true },
      metrics: ["users"],
      totals: { users },
      fileTotals: [{ line: 39, matches: true, metrics: [{ metric: "users", file: 2800, rows: users }] }],
    });
  });

  it("Google Ads Overview time series: weekday-prefixed dates and US$ amounts", async () => {
    const { main, sourceId } = await uploadWorld();
    const res = await upload(sourceId, main.token, "google-ads-overview-time-series-daily-feb2026.csv");
    expect(res.status).toBe(200);
    const rows = file("google-ads-overview-time-series-daily-feb2026.csv")
      .toString("utf8")
      .split("\n")
      .slice(1)
      .filter(Boolean)
      .map((l) => l.match(/^"[^"]*",(.*)$/)![1].split(","));
    expect(res.body).toMatchObject({
      rows: 6,
      dateRange: { start: "2026-02-05", end: "2026-02-10" },
      grain: "day",
      metrics: ["impressions", "clicks", "cost"],
      totals: {
        clicks: columnSum(rows, 0),
        impressions: columnSum(rows, 1),
        cost: Math.round(columnSum(rows, 3) * 100) / 100,
      },
    });
    expect(await stored(sourceId)).toMatchObject({ rows: 6, first: "2026-02-05", last: "2026-02-10", cost: 139.67 });
  });

  it("Shopify visitors over time by week: imported as weekly data, each row dated by its week's first day", async () => {
    const { main, sourceId } = await uploadWorld();
    const res = await upload(sourceId, main.token, "shopify-visitors-sessions-over-time-weekly-2024.csv");
    expect(res.status).toBe(200);
    const rows = simpleRows(file("shopify-visitors-sessions-over-time-weekly-2024.csv").toString("utf8"), 1);
    expect(res.body).toMatchObject({
      rows: 53,
      dateRange: { start: "2024-01-01", end: "2024-12-30" },
      grain: "week",
      coverage: { start: "2024-01-01", end: "2025-01-05", stated: false },
      lastPeriodMayBePartial: true,
      metrics: ["sessions", "users"],
      totals: { users: columnSum(rows, 1), sessions: columnSum(rows, 2) },
    });
    const [source] = await db().select().from(dataSources).where(eq(dataSources.id, sourceId));
    expect(source.grain).toBe("week");
    expect(await stored(sourceId)).toMatchObject({ rows: 53, first: "2024-01-01", last: "2024-12-30" });
  });

  it.each([
    [
      "google-ads-campaign-report-all-time-1.csv",
      "Line 2: the report covers All time and has no day column: each row is a total over the whole account history, not a day. In Google Ads, add the Day segment (Segment → Time → Day) and download the report again",
    ],
    [
      "google-ads-search-keyword-report-all-time-utf16.csv",
      "Line 2: the report covers All time and has no day column: each row is a total over the whole account history, not a day. In Google Ads, add the Day segment (Segment → Time → Day) and download the report again",
    ],
    [
      "meta-ads-campaigns-feb-aug-2025.csv",
      "Line 2, column Reporting starts and Reporting ends: each row sums 185 days (2025-02-01 to 2025-08-04), not one day, week or month. In Ads Manager, choose Breakdown → By time → Day and export the report again",
    ],
  ])(
    "%s: refused with the tool's own way to export it by day; nothing written, no new source",
    async (name, message) => {
      const { main, project, sourceId } = await uploadWorld();
      const res = await upload(sourceId, main.token, name);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.errors).toEqual({ file: message });
      expect(await stored(sourceId)).toMatchObject({ rows: 0 });
      const before = await sourceCount(project.id);
      const created = await createWithUpload(project.id, main.token, name);
      expect(created.status).toBe(400);
      expect(created.body.message).toBe(message);
      expect(await sourceCount(project.id)).toBe(before);
    },
  );
});
