import { beforeEach, describe, expect, it } from "vitest";
import { CSV_MAPPING_MESSAGES as MM } from "@/lib/constants/csv-mapping-messages";
import { DATA_SOURCE_MESSAGES as M } from "@/lib/constants/data-source-messages";
import { EXPORT_MESSAGES as X } from "@/lib/constants/export-messages";
import { db } from "@/server/db/client";
import { dataSources, dimensionSets } from "@/server/db/schema";
import * as uploadRoute from "@/app/api/data-sources/[id]/upload/route";
import { call } from "@/test/api";
import { queuedJobs, resetDatabase } from "@/test/db";
import { countObservations, getSource, observationRows, uploadCsv, uploadWorld } from "@/test/data-source-fixtures";

const HEADER = "date,channel,device,sessions,users,revenue";

describe("POST /api/data-sources/{id}/upload", () => {
  beforeEach(resetDatabase);

  it("imports a CSV and answers rows, date range, metrics and dimensions; the summary stays on the source", async () => {
    const { main, sourceId } = await uploadWorld();
    const csv = [
      HEADER,
      "2024-01-01,Organic Search,desktop,100,80,1200.5",
      "2024-01-01,Organic Search,mobile,50,45,",
      "2024-01-02,Email,desktop,7,7,0",
    ].join("\n");
    const res = await uploadCsv(sourceId, main.token, csv);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      rows: 3,
      dateRange: { start: "2024-01-01", end: "2024-01-02" },
      grain: "day",
      coverage: { start: "2024-01-01", end: "2024-01-02", stated: false },
      metrics: ["sessions", "users", "revenue"],
      dimensions: ["channel", "device"],
      totals: { sessions: 157, users: 132, revenue: 1200.5 },
      notes: ["Daily data: 2024-01-01 to 2024-01-02 (2 days)."],
      replacedDates: 0,
    });
    expect(await observationRows(sourceId)).toEqual([
      {
        date: "2024-01-01",
        channel: "Organic Search",
        device: "desktop",
        campaign: null,
        landingPage: null,
        sessions: 100,
        users: 80,
        revenue: 1200.5,
        impressions: null,
        positionWeighted: null,
      },
      {
        date: "2024-01-01",
        channel: "Organic Search",
        device: "mobile",
        campaign: null,
        landingPage: null,
        sessions: 50,
        users: 45,
        revenue: null,
        impressions: null,
        positionWeighted: null,
      },
      {
        date: "2024-01-02",
        channel: "Email",
        device: "desktop",
        campaign: null,
        landingPage: null,
        sessions: 7,
        users: 7,
        revenue: 0,
        impressions: null,
        positionWeighted: null,
      },
    ]);
    expect(await queuedJobs("refresh-daily-totals")).toEqual([{ dataSourceId: sourceId }]);
    const source = await getSource(sourceId, main.token);
    expect(source.body.additional.upload).toMatchObject({
      rows: 3,
      fileName: "export.csv",
      dateRange: { start: "2024-01-01", end: "2024-01-02" },
    });
  });

  it("skips # lines, reads quoted fields with commas, line breaks and escaped quotes, YYYYMMDD dates, CRLF and a BOM", async () => {
    const { main, sourceId } = await uploadWorld();
    const csv = [
      "\uFEFF# ----------------------------------------",
      "# Analytics export, all web site data",
      "# 20240101-20240131",
      "date,campaign,landingPage,sessions",
      '20240101,"Spring, ""big"" sale","/a?x=1,2",10',
      '20240102,"two',
      'lines",/b,3',
      "# a comment between rows",
      "20240103,,/c,4",
    ].join("\r\n");
    const res = await uploadCsv(sourceId, main.token, csv);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      rows: 3,
      dateRange: { start: "2024-01-01", end: "2024-01-03" },
      dimensions: ["campaign", "landingPage"],
    });
    const rows = await observationRows(sourceId);
    expect(rows.map((r) => [r.date, r.campaign, r.landingPage, r.sessions])).toEqual([
      ["2024-01-01", 'Spring, "big" sale', "/a?x=1,2", 10],
      ["2024-01-02", "two\r\nlines", "/b", 3],
      ["2024-01-03", "(not set)", "/c", 4],
    ]);
  });

  it("reads a European spreadsheet's CSV: semicolons between columns, decimal commas, day-first dates", async () => {
    const { main, sourceId } = await uploadWorld();
    const csv = [
      "date;campaign;sessions;revenue",
      '31.01.2024;"Sale; winter";1.204;1.234,56',
      "01.02.2024;Brand;87;99,5",
    ].join("\r\n");
    const res = await uploadCsv(sourceId, main.token, csv);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ rows: 2, dateRange: { start: "2024-01-31", end: "2024-02-01" } });
    const rows = await observationRows(sourceId);
    expect(rows.map((r) => [r.date, r.campaign, r.sessions, r.revenue])).toEqual([
      ["2024-01-31", "Sale; winter", 1204, 1234.56],
      ["2024-02-01", "Brand", 87, 99.5],
    ]);
  });

  it("keeps case variants apart, and a combination's grain apart from a wider one", async () => {
    const { main, sourceId } = await uploadWorld();
    expect(
      (await uploadCsv(sourceId, main.token, "date,source,sessions\n2024-01-01,Facebook,3\n2024-01-01,facebook,4\n"))
        .status,
    ).toBe(200);
    expect(
      (await uploadCsv(sourceId, main.token, "date,source,device,sessions\n2024-01-02,Facebook,mobile,1\n")).status,
    ).toBe(200);
    const sets = await db().select().from(dimensionSets);
    expect(sets.map((s) => `${s.source}|${s.device}`).sort()).toEqual([
      "Facebook|mobile",
      "Facebook|null",
      "facebook|null",
    ]);
  });

  it("imports GA4's source / medium column as the source and the medium, and their channel", async () => {
    const { main, sourceId } = await uploadWorld();
    const csv = [
      "Date,Session source / medium,Device category,Sessions",
      "20240101,google / cpc,desktop,5",
      "20240101,google / organic,desktop,4",
      "20240101,l.facebook.com / referral,mobile,3",
      "20240101,(direct) / (none),mobile,2",
      "20240101,partner.example/landing / referral,mobile,1",
      "20240101,newsletter,mobile,1",
    ].join("\n");
    const res = await uploadCsv(sourceId, main.token, csv);
    expect(res.status).toBe(200);
    // Without a channel column, each row's channel is GA4's default channel group of its source and medium.
    expect(res.body.dimensions).toEqual(["channel", "source", "medium", "device"]);
    expect(res.body.derivedDimensions).toEqual(["channel"]);
    const sets = await db().select().from(dimensionSets);
    expect(sets.map((s) => `${s.source}|${s.medium}|${s.device}|${s.channel}`).sort()).toEqual([
      "(direct)|(none)|mobile|Direct",
      "google|cpc|desktop|Paid Search",
      "google|organic|desktop|Organic Search",
      "l.facebook.com|referral|mobile|Organic Social",
      "newsletter|(not set)|mobile|Unassigned",
      "partner.example/landing|referral|mobile|Referral",
    ]);
    expect(await countObservations(sourceId)).toBe(6);
    // The column takes both dimensions: a separate source column as well is refused, naming both.
    const clash = await uploadCsv(sourceId, main.token, "Date,Source / Medium,Source,Sessions\n20240102,a / b,a,1\n");
    expect(clash.status).toBe(400);
    expect(clash.body.message).toBe("Line 1, column Source: " + MM.taken("Source", "Source / Medium"));
  });

  it("stores position weighted by impressions", async () => {
    const { main, sourceId } = await uploadWorld();
    const res = await uploadCsv(
      sourceId,
      main.token,
      "date,query,impressions,clicks,position\n2024-01-01,shoes,200,10,3.5\n2024-01-01,boots,0,0,\n",
    );
    expect(res.status).toBe(200);
    const rows = await observationRows(sourceId);
    expect(rows.map((r) => [r.impressions, r.positionWeighted]).sort()).toEqual([
      [0, null],
      [200, 700],
    ]);
  });

  it("re-uploading replaces the file's dates for this source and keeps the others (idempotent)", async () => {
    const { main, sourceId } = await uploadWorld();
    const first = [
      HEADER,
      "2024-01-01,Email,desktop,1,1,1",
      "2024-01-02,Email,desktop,2,2,2",
      "2024-01-03,Email,desktop,3,3,3",
    ].join("\n");
    expect((await uploadCsv(sourceId, main.token, first)).body.replacedDates).toBe(0);
    const again = await uploadCsv(sourceId, main.token, first);
    expect(again.body).toMatchObject({ rows: 3, replacedDates: 3 });
    expect(await countObservations(sourceId)).toBe(3);

    // A later file covering 2 January (now split by device) and 4 January.
    const second = [
      HEADER,
      "2024-01-02,Email,mobile,20,20,20",
      "2024-01-02,Email,tablet,21,21,21",
      "2024-01-04,Email,desktop,4,4,4",
    ].join("\n");
    const res = await uploadCsv(sourceId, main.token, second);
    expect(res.body).toMatchObject({
      rows: 3,
      replacedDates: 1,
      dateRange: { start: "2024-01-02", end: "2024-01-04" },
    });
    const rows = await observationRows(sourceId);
    expect(rows.map((r) => [r.date, r.device, r.sessions])).toEqual([
      ["2024-01-01", "desktop", 1],
      ["2024-01-02", "mobile", 20],
      ["2024-01-02", "tablet", 21],
      ["2024-01-03", "desktop", 3],
      ["2024-01-04", "desktop", 4],
    ]);
  });

  describe("refuses a bad file with the line and column, and imports nothing", () => {
    const cases: { name: string; csv: string; message: string }[] = [
      {
        name: "missing date column",
        csv: "# export\nchannel,sessions\nEmail,1\n",
        message: X.rangeTotals(2, null, null),
      },
      { name: "no metric column", csv: "date,channel\n2024-01-01,Email\n", message: M.noMetric(1) },
      {
        name: "position without impressions",
        csv: "date,query,position\n2024-01-01,a,1\n",
        message: `Line 1, column position: ${MM.positionNeedsImpressions}`,
      },
      {
        name: "bad date",
        csv: `${HEADER}\n2024-01-01,Email,desktop,1,1,1\n2024-02-30,Email,desktop,1,1,1\n`,
        message: M.badDate(3, "date", "2024-02-30"),
      },
      {
        name: "bad date format",
        csv: `${HEADER}\n2024/31/01,Email,desktop,1,1,1\n`,
        message: M.badDate(2, "date", "2024/31/01"),
      },
      {
        name: "non-numeric metric (late in the file)",
        csv: [
          HEADER,
          ...Array.from({ length: 15 }, (_, i) => `2024-01-${String(i + 1).padStart(2, "0")},Email,desktop,1,1,1`),
          "2024-01-16,Email,desktop,1,1,abc",
        ].join("\n"),
        message: 'Line 17, column revenue: "abc" is not a number',
      },
      {
        name: "a percentage for a count",
        csv: `${HEADER}\n2024-01-01,Email,desktop,12%,1,1\n`,
        message: `Line 2, column sessions: ${MM.percentForCount("12%", "Sessions")}`,
      },
      {
        name: "negative count",
        csv: `${HEADER}\n2024-01-01,Email,desktop,-3,1,1\n`,
        message: M.negative(2, "sessions", "-3"),
      },
      {
        name: "wrong number of columns",
        csv: `${HEADER}\n2024-01-01,Email,desktop,1,1\n`,
        message: M.wrongWidth(2, 6, 5),
      },
      { name: "empty file", csv: "", message: M.emptyFile },
      { name: "only comments", csv: "# nothing here\n#\n", message: M.emptyFile },
      { name: "header only", csv: `${HEADER}\n`, message: M.noRows },
      {
        name: "unclosed quote",
        csv: `${HEADER}\n2024-01-01,"Email,desktop,1,1,1\n`,
        message: M.syntax(2, "a quoted field is not closed before the end of the file"),
      },
    ];
    for (const c of cases) {
      it(c.name, async () => {
        const { main, sourceId } = await uploadWorld();
        const res = await uploadCsv(sourceId, main.token, c.csv);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ status: 400, message: c.message, errors: { file: c.message } });
        expect(await countObservations(sourceId)).toBe(0);
        expect(await db().$count(dimensionSets)).toBe(0);
      });
    }

    it("a file mixing days and weeks, a row repeated cell for cell: refused with both lines", async () => {
      const { main, sourceId } = await uploadWorld();
      const mixed = ["Week,Sessions", "2024-01-01,700", "2024-01-08,710", "2024-01-10,100", "2024-01-15,690"].join(
        "\n",
      );
      const res = await uploadCsv(sourceId, main.token, mixed);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(X.offGrain(4, "Week", "2024-01-10", "week", 2, "2024-01-01"));
      const twice = [
        HEADER,
        "2024-01-01,Email,desktop,1,1,1",
        "2024-01-02,Email,desktop,2,2,2",
        "2024-01-01,Email,desktop,1,1,1",
      ];
      const again = await uploadCsv(sourceId, main.token, twice.join("\n"));
      expect(again.body.message).toBe(X.exactDuplicate(4, 2));
      expect(await countObservations(sourceId)).toBe(0);
    });

    it("a failed re-upload leaves the earlier data as it was", async () => {
      const { main, sourceId } = await uploadWorld();
      expect((await uploadCsv(sourceId, main.token, `${HEADER}\n2024-01-01,Email,desktop,1,1,1\n`)).status).toBe(200);
      const bad = await uploadCsv(
        sourceId,
        main.token,
        `${HEADER}\n2024-01-01,Email,desktop,5,5,5\n2024-01-02,Email,desktop,x,1,1\n`,
      );
      expect(bad.status).toBe(400);
      expect((await observationRows(sourceId)).map((r) => r.sessions)).toEqual([1]);
      const [source] = await db().select().from(dataSources);
      expect((source.additional.upload as { rows: number }).rows).toBe(1);
    });
  });

  it("refuses what is not a CSV (415), and invalid UTF-8 (400, with the line)", async () => {
    const { main, sourceId } = await uploadWorld();
    const xlsx = await uploadCsv(
      sourceId,
      main.token,
      "x",
      "report.xlsx",
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(xlsx.status).toBe(415);
    expect(xlsx.body.message).toBe(M.notXlsx);
    const zipped = await uploadCsv(sourceId, main.token, new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), "data.csv");
    expect(zipped.status).toBe(415);
    const image = await uploadCsv(sourceId, main.token, "date,sessions\n", "chart.png", "image/png");
    expect(image.status).toBe(415);
    // Past the start the reading decided UTF-8 on, a byte that is not UTF-8 is refused with its line.
    const start = `date,campaign,sessions\n${Array.from({ length: 20_000 }, (_, i) => `2024-01-01,C${i},1`).join("\n")}\n`;
    const bad = await uploadCsv(
      sourceId,
      main.token,
      new Uint8Array([...Buffer.from(`${start}2024-01-02,Caf`), 0xe9, ...Buffer.from(",1\n")]),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors.file).toMatch(/^Line 20002: the file is not UTF-8/);
    expect(await countObservations(sourceId)).toBe(0);
    // A file that is not UTF-8 from its start is Windows-1252 (Excel's plain CSV on Windows).
    const latin1 = await uploadCsv(
      sourceId,
      main.token,
      new Uint8Array([...Buffer.from("date,campaign,sessions\n2024-01-01,Caf"), 0xe9, ...Buffer.from(",1\n")]),
    );
    expect(latin1.status).toBe(200);
    expect((await observationRows(sourceId)).map((r) => r.campaign)).toEqual(["Café"]);
  });
});

describe("grain, repeated rows and repeated columns", () => {
  beforeEach(resetDatabase);

  it("weekly and monthly files import as what they are; the source takes their grain and keeps it", async () => {
    const { main, sourceId } = await uploadWorld();
    const weeks = [
      "date,channel,sessions",
      ...["2024-01-01", "2024-01-08", "2024-01-15", "2024-01-22"].map((d, i) => `${d},Email,${700 + i}`),
    ];
    const weekly = await uploadCsv(sourceId, main.token, weeks.join("\n"));
    expect(weekly.status).toBe(200);
    expect(weekly.body).toMatchObject({
      rows: 4,
      grain: "week",
      dateRange: { start: "2024-01-01", end: "2024-01-22" },
      coverage: { start: "2024-01-01", end: "2024-01-28", stated: false },
      lastPeriodMayBePartial: true,
      totals: { sessions: 2806 },
    });
    expect((await getSource(sourceId, main.token)).body.grain).toBe("week");
    // A daily file into the weekly source: refused, the weeks kept.
    const daily = await uploadCsv(
      sourceId,
      main.token,
      "date,channel,sessions\n2024-02-01,Email,3\n2024-02-02,Email,4\n",
    );
    expect(daily.status).toBe(400);
    expect(daily.body.message).toBe(X.otherGrain("week", "day"));
    expect(await countObservations(sourceId)).toBe(4);

    const other = await uploadWorld();
    const months = ["Month,Total sales,Orders", "January 2024,1200,10", "February 2024,1300,11", "March 2024,900,8"];
    const monthly = await uploadCsv(other.sourceId, other.main.token, months.join("\n"));
    expect(monthly.status).toBe(200);
    expect(monthly.body).toMatchObject({
      rows: 3,
      grain: "month",
      dateRange: { start: "2024-01-01", end: "2024-03-01" },
    });
    expect((await observationRows(other.sourceId)).map((r) => [r.date, r.revenue])).toEqual([
      ["2024-01-01", 1200],
      ["2024-02-01", 1300],
      ["2024-03-01", 900],
    ]);
  });

  it("rows repeating a date and dimension values are added up for the metrics that add up; users are left out", async () => {
    const { main, sourceId } = await uploadWorld();
    const csv = [
      HEADER,
      "2024-01-01,Email,desktop,1,1,1",
      "2024-01-01,Email,mobile,1,1,1",
      "2024-01-02,Email,desktop,1,1,1",
      "2024-01-01,Email ,desktop,2,2,2",
    ].join("\n");
    const res = await uploadCsv(sourceId, main.token, csv);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ rows: 3, metrics: ["sessions", "revenue"] });
    expect(res.body.notes.join(" ")).toContain("Line 5 has the same date and dimensions as line 2");
    expect(
      (await observationRows(sourceId)).map((r) => [r.date, r.channel, r.device, r.sessions, r.users, r.revenue]),
    ).toEqual([
      ["2024-01-01", "Email", "desktop", 3, null, 3],
      ["2024-01-01", "Email", "mobile", 1, null, 1],
      ["2024-01-02", "Email", "desktop", 1, null, 1],
    ]);
  });

  it("a column named twice: the first is this period's, the second is left out", async () => {
    const { main, sourceId } = await uploadWorld();
    const res = await uploadCsv(sourceId, main.token, "date,sessions,Sessions\n2024-01-01,1,9\n");
    expect(res.status).toBe(200);
    expect((await observationRows(sourceId)).map((r) => r.sessions)).toEqual([1]);
  });
});

describe("upload limits", () => {
  beforeEach(resetDatabase);

  it("refuses a body that is not multipart (415) and a form without the file field (400)", async () => {
    const { main, sourceId } = await uploadWorld();
    const json = await call(uploadRoute.POST, {
      params: { id: sourceId },
      token: main.token,
      body: { file: "date,sessions" },
    });
    expect(json.status).toBe(415);
    expect(json.body.message).toBe(M.notMultipart);
    const form = new FormData();
    form.set("other", "x");
    const missing = await call(uploadRoute.POST, { params: { id: sourceId }, token: main.token, formData: form });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ file: M.fileRequired });
  });

  it("refuses a declared body over 200 MB at once with 413, before reading it", async () => {
    const { main, sourceId } = await uploadWorld();
    const res = await call(uploadRoute.POST, {
      params: { id: sourceId },
      token: main.token,
      rawBody: "--x\r\n",
      headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(300 * 1024 * 1024) },
    });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(M.fileTooLarge);
  });
});
