import { describe, expect, it } from "vitest";
import { EXPORT_MESSAGES as X } from "../constants/export-messages";
import { readItems } from "./read-items";
import { readExport } from "./read-export";
import { TableCollector } from "./table-collector";
import { planTable } from "./table-plan";

// The reading of exports as their tools write them, shapes the eight real files of ../shared/real-exports do not
// cover (test/csv-real-exports.test.ts reads those): each tool's other reports, grains and breakdowns.

/** The file read and its rows collected as the importer stores them: "date|dimensions|metric values". */
function collect(text: string) {
  const reading = readExport(text, { complete: true });
  if (reading.refusal) return { reading, rows: [] as string[] };
  const { plan, problems } = planTable(reading);
  if (!plan) throw new Error(problems[0].message);
  const collector = new TableCollector(reading, plan, reading.table!.periods!.grain);
  for (const item of readItems(text, reading.separator, true).items) collector.add(item);
  collector.finish();
  const rows = [...collector.rows.values()]
    .sort((a, b) => (a.start + a.dimensions.join() < b.start + b.dimensions.join() ? -1 : 1))
    .map((r) => [r.start, ...r.dimensions, ...[...r.values].map((v) => (Number.isNaN(v) ? "" : String(v)))].join("|"));
  return { reading, plan, collector, rows };
}

const lines = (...rows: string[]) => rows.join("\n") + "\n";

describe("GA4", () => {
  const preamble = (start: string, end: string) => [
    "# ----------------------------------------",
    "# Report CSV Export",
    "# Account: Shop",
    "# Property: Shop - GA4",
    "# ----------------------------------------",
    "#  ",
    `# Start date: ${start}`,
    `# End date: ${end}`,
  ];

  it("Date + hour (YYYYMMDDHH): the hours are added up into days, users left out", () => {
    const { reading, plan, rows } = collect(
      lines(
        ...preamble("20240301", "20240302"),
        "Date + hour (YYYYMMDDHH),Session default channel group,Sessions,Total users,Key events",
        "2024030100,Organic Search,10,9,1",
        "2024030113,Organic Search,20,18,0",
        "2024030100,Direct,5,5,0",
        "2024030209,Organic Search,7,7,2",
      ),
    );
    expect(reading.table!.periods).toMatchObject({ grain: "day", first: "2024-03-01", last: "2024-03-02" });
    expect(plan!.metrics.map((m) => m.metric.key)).toEqual(["sessions", "conversions"]);
    expect(reading.table!.proposal[3].note).toMatch(/^Users do not add up over the hours/);
    expect(rows).toEqual(["2024-03-01|Direct|5|0", "2024-03-01|Organic Search|30|1", "2024-03-02|Organic Search|7|2"]);
  });

  it("Nth week: weeks of Sunday to Saturday counted from the week holding the start date", () => {
    const { reading, rows } = collect(
      lines(...preamble("20240103", "20240127"), "Nth week,Sessions", "0000,40", "0001,70", "0002,71", "0003,60"),
    );
    expect(reading.table!.periods).toMatchObject({ grain: "week", first: "2023-12-31", count: 4 });
    expect(rows).toEqual(["2023-12-31|40", "2024-01-07|70", "2024-01-14|71", "2024-01-21|60"]);
  });

  it("Nth month: calendar months from the start date's", () => {
    const { rows } = collect(
      lines(...preamble("20231115", "20240229"), "Nth month,Sessions", "0000,5", "0001,9", "0002,8", "0003,7"),
    );
    expect(rows).toEqual(["2023-11-01|5", "2023-12-01|9", "2024-01-01|8", "2024-02-01|7"]);
  });

  it("Week (01–53) and ISO week of the year, the year from the preamble; a range over two years needs a Year column", () => {
    expect(
      collect(lines(...preamble("20240101", "20241231"), "Week,Sessions", "01,10", "02,20", "03,30")).rows,
    ).toEqual(["2023-12-31|10", "2024-01-07|20", "2024-01-14|30"]);
    expect(
      collect(lines(...preamble("20240101", "20241231"), "ISO week of the year,Sessions", "01,10", "02,20")).rows,
    ).toEqual(["2024-01-01|10", "2024-01-08|20"]);
    expect(
      readExport(lines(...preamble("20231201", "20240131"), "Week,Sessions", "49,1", "01,2"), { complete: true })
        .refusal,
    ).toBe(X.needsYear(9, "Week"));
    expect(
      collect(lines(...preamble("20231201", "20240131"), "Year,Week,Sessions", "2023,49,1", "2024,02,2")).rows,
    ).toEqual(["2023-12-03|1", "2024-01-07|2"]);
  });

  it("Nth day without the # Start date above it: refused, saying where GA4 writes it", () => {
    expect(readExport(lines("Nth day,Users", "0000,5", "0001,6"), { complete: true }).refusal).toBe(
      X.needsStartDate(1, "Nth day"),
    );
  });

  it("the day of the month is no date; a comparison's columns are left out", () => {
    expect(readExport(lines("Day,Sessions", "01,5", "02,6"), { complete: true }).refusal).toBe(X.dayOfMonth(1, "Day"));
    const { reading, rows } = collect(
      lines("Date,Sessions,Sessions (previous_year),Sessions % change", "20240101,5,4,25%", "20240102,6,5,20%"),
    );
    expect(reading.table!.proposal.map((c) => c.target)).toEqual(["date", "metric:sessions", "ignore", "ignore"]);
    expect(rows).toEqual(["2024-01-01|5", "2024-01-02|6"]);
  });
});

describe("Universal Analytics", () => {
  const ua = (...table: string[]) =>
    lines(
      "# ----------------------------------------",
      "# All Web Site Data",
      "# Audience Overview",
      "# 20190101-20190331",
      "# ----------------------------------------",
      "",
      ...table,
    );

  it("Week Index and Month Index holding numbers count from the range's start", () => {
    expect(collect(ua("Week Index,Sessions", "0,100", "1,120", "2,130", ',"350"')).rows).toEqual([
      "2018-12-30|100",
      "2019-01-06|120",
      "2019-01-13|130",
    ]);
    expect(collect(ua("Month Index,Sessions", "0,500", "1,420", "2,610", ',"1,530"')).rows).toEqual([
      "2019-01-01|500",
      "2019-02-01|420",
      "2019-03-01|610",
    ]);
  });

  it("the report's table of totals above the chart's Day Index table: the days are imported, day first where the file proves it", () => {
    const { reading, rows } = collect(
      ua(
        "Landing Page,Device Category,Sessions,% New Sessions",
        "/home,mobile,553,96.02%",
        ',,"3,215",95.43%',
        "",
        "Day Index,Sessions",
        "31/01/2019,553",
        "01/02/2019,600",
        ',"1,153"',
      ),
    );
    expect(reading.table!.headerLine).toBe(11);
    expect(reading.notes.join(" ")).toContain("Line 7 (Landing Page, Device Category, Sessions, …): a table of totals");
    expect(rows).toEqual(["2019-01-31|553", "2019-02-01|600"]);
  });
});

describe("Meta Ads Manager", () => {
  it("by day (reporting starts and ends equal), each day's account row checked against its campaigns", () => {
    const { reading, collector, rows } = collect(
      lines(
        '"Reporting starts","Reporting ends","Campaign name","Campaign delivery","Amount spent (IDR)",Impressions,"Link clicks"',
        "2026-08-02,2026-08-02,,0,314467,93675,",
        "2026-08-02,2026-08-02,pernikahan,active,13254,3268,920",
        "2026-08-02,2026-08-02,manurung,active,38983,8866,2084",
        "2026-08-02,2026-08-02,manurung,active,78162,23276,4299",
        "2026-08-03,2026-08-03,,0,50,10,",
        "2026-08-03,2026-08-03,manurung,active,50,10,1",
      ),
    );
    expect(reading.table!.emptyDimensionTotals).toBe(true);
    expect(reading.table!.summed).toMatchObject({ line: 5, firstLine: 4 });
    expect(rows).toEqual([
      "2026-08-02|manurung|32142|6383|117145",
      "2026-08-02|pernikahan|3268|920|13254",
      "2026-08-03|manurung|10|1|50",
    ]);
    expect(collector!.totals.map((t) => [t.line, t.start])).toEqual([
      [2, "2026-08-02"],
      [6, "2026-08-03"],
    ]);
  });

  it("by age and gender: rows added up over them, reach and frequency left out", () => {
    const { reading, rows } = collect(
      lines(
        "Campaign name,Age,Gender,Day,Reach,Impressions,Frequency,Amount spent (EUR),Results",
        "Spring,18-24,female,2025-03-01,100,150,1.5,10.00,2",
        "Spring,18-24,male,2025-03-01,80,100,1.25,8.00,1",
        "Spring,25-34,female,2025-03-01,50,60,1.2,4.50,0",
      ),
    );
    expect(reading.table!.summed!.over).toEqual(["Age", "Gender"]);
    expect(rows).toEqual(["2025-03-01|Spring|310|22.5"]);
  });

  it("by week, its edges partial; without a time breakdown each row sums the range and is refused", () => {
    const weekly = collect(
      lines(
        "Campaign name,Impressions,Reporting starts,Reporting ends",
        "A,10,2025-02-01,2025-02-02",
        "A,70,2025-02-03,2025-02-09",
        "A,75,2025-02-10,2025-02-16",
        "A,30,2025-02-17,2025-02-19",
      ),
    );
    expect(weekly.reading.table!.periods).toMatchObject({ grain: "week" });
    expect(weekly.rows).toEqual(["2025-01-27|A|10", "2025-02-03|A|70", "2025-02-10|A|75", "2025-02-17|A|30"]);
    expect(weekly.collector!.coverage).toEqual({ start: "2025-02-01", end: "2025-02-19" });
    const total = readExport(
      lines("Campaign name,Impressions,Reporting starts,Reporting ends", "A,10,2025-02-01,2025-03-03"),
      { complete: true },
    );
    expect(total.refusal).toBe(
      X.spanTotals(
        2,
        "Reporting starts and Reporting ends",
        { start: "2025-02-01", end: "2025-03-03", days: 31 },
        "meta",
      ),
    );
  });
});

describe("Google Ads", () => {
  it("the Day segment, in the CSV (Excel) flavour (tabs), with Total: rows and -- cells", () => {
    const { reading, collector, rows } = collect(
      [
        "Campaign report",
        "January 1, 2026 - January 2, 2026",
        "Day\tCampaign\tImpr.\tClicks\tCost\tSearch impr. share",
        "2026-01-01\tBrand\t1,240\t86\t48.20\t< 10%",
        "2026-01-02\tBrand\t1,310\t92\t51.05\t --",
        "\tTotal: Campaigns\t2,550\t178\t99.25\t",
        "\tTotal: Account\t2,560\t179\t99.75\t",
      ].join("\n"),
    );
    expect(reading.separator).toBe("\t");
    expect(reading.table!.context).toEqual({ start: "2026-01-01", end: "2026-01-02" });
    expect(rows).toEqual(["2026-01-01|Brand|1240|86|48.2", "2026-01-02|Brand|1310|92|51.05"]);
    expect(collector!.totals.map((t) => t.label)).toEqual(["Total: Campaigns", "Total: Account"]);
  });

  it("the Week (Monday) and Month segments are weekly and monthly data", () => {
    expect(
      collect(lines("Week,Campaign,Clicks", "2026-01-05,A,1", "2026-01-12,A,2", "2026-01-19,A,3", "2026-01-26,A,4"))
        .reading.table!.periods,
    ).toMatchObject({
      grain: "week",
    });
    expect(collect(lines("Month,Campaign,Clicks", "January 2026,A,10", "February 2026,A,20")).rows).toEqual([
      "2026-01-01|A|10",
      "2026-02-01|A|20",
    ]);
  });
});

describe("Shopify, Search Console, spreadsheets", () => {
  it("Shopify's old analytics (snake_case) and new (quoted, with the previous year beside)", () => {
    expect(
      collect(lines("day,orders,total_sales,net_sales", "2023-05-01,3,120.50,100", "2023-05-02,1,40,35")).rows,
    ).toEqual(["2023-05-01|3|120.5", "2023-05-02|1|40"]);
    const current = collect(
      lines('"Day","Sessions","Sessions (previous_year)","Orders"', '"2024-05-01",120,100,4', '"2024-05-02",130,90,5'),
    );
    expect(current.rows).toEqual(["2024-05-01|120|4", "2024-05-02|130|5"]);
  });

  it("Search Console's Queries.csv sums the range: refused, pointing at Dates.csv", () => {
    expect(
      readExport(lines("Top queries,Clicks,Impressions,CTR,Position", "shoes,12,400,3%,5.1"), { complete: true })
        .refusal,
    ).toBe(X.rangeTotals(1, null, "searchConsole"));
  });

  it("a semicolon-separated spreadsheet with decimal commas, day-first dates, trailing empty columns and a BOM", () => {
    const { reading, rows } = collect(
      "\uFEFFDatum;Sitzungen;Umsatz;;\n31.01.2024;1.204;1.234,56;;\n01.02.2024;87;99,5;;\n",
    );
    expect(reading.separator).toBe(";");
    expect(rows).toEqual(["2024-01-31|1204|1234.56", "2024-02-01|87|99.5"]);
  });
});
