import { describe, expect, it } from "vitest";
import { DATA_SOURCE_MESSAGES as M } from "../constants/data-source-messages";
import { EXPORT_MESSAGES as X } from "../constants/export-messages";
import { comparisonDays, isDatedComparison, rangeComparison } from "./range-comparison";
import { readExport } from "./read-export";
import { readItems } from "./read-items";
import { TableCollector } from "./table-collector";
import { planTable } from "./table-plan";

// Search Console's Performance export with Compare on. The real ones found (their sources below) are tables of
// queries, pages, countries and devices with each metric twice, one per range, and no chart of dates: they are
// refused with the way to get days. A chart of dates so compared, which no public repository was found to hold, is
// read from the same labels: each range's days imported as the days they are.

const lines = (...rows: string[]) => rows.join("\n") + "\n";
const read = (text: string) => readExport(text, { complete: true });

/** The rows as the importer stores them: "date|metric values" (position weighted by impressions). */
function collected(text: string) {
  const reading = read(text);
  const { plan, problems } = planTable(reading);
  if (!plan) throw new Error(problems[0].message);
  const collector = new TableCollector(reading, plan, reading.table!.periods!.grain);
  const rewritten = comparisonDays(text, true)!.text;
  for (const item of readItems(rewritten, reading.separator, true).items) collector.add(item);
  collector.finish();
  return [...collector.rows.values()]
    .sort((a, b) => (a.start < b.start ? -1 : 1))
    .map((r) => [r.start, ...r.values].join("|"));
}

// github.com/aishKodes/radiance-clinic, seo/gsc-raw/compare-28d/Devices.csv (verbatim, all of it; the folder of this
// export has Queries, Pages, Countries, Devices and Search appearance, and no Chart.csv).
const DEVICES = lines(
  "Device,Last 28 days Clicks,Previous 28 days Clicks,Last 28 days Impressions,Previous 28 days Impressions,Last 28 days CTR,Previous 28 days CTR,Last 28 days Position,Previous 28 days Position",
  "Mobile,414,436,38443,41348,1.08%,1.05%,7.92,9.04",
  "Desktop,101,94,12121,14763,0.83%,0.64%,29.76,27.43",
  "Tablet,4,2,516,496,0.78%,0.4%,21.82,17.9",
);

describe("the compared ranges of a header", () => {
  it("Last and Previous 28 days: each metric's two columns", () => {
    const header = DEVICES.split("\n")[0].split(",");
    expect(rangeComparison(header)).toEqual({
      labels: ["Last 28 days", "Previous 28 days"],
      metrics: [
        { index: 1, range: 0, name: "Clicks" },
        { index: 2, range: 1, name: "Clicks" },
        { index: 3, range: 0, name: "Impressions" },
        { index: 4, range: 1, name: "Impressions" },
        { index: 5, range: 0, name: "CTR" },
        { index: 6, range: 1, name: "CTR" },
        { index: 7, range: 0, name: "Position" },
        { index: 8, range: 1, name: "Position" },
      ],
      dates: [-1, -1],
    });
    expect(isDatedComparison(header)).toBe(false);
  });

  it("custom ranges by their dates, and the labels of other languages", () => {
    // github.com/DanielTheC/internal-lnking-tool, https___amtec-group.com_-Performance-on-Search-2026-01-15.xlsx,
    // sheet Queries, its header row (verbatim).
    const header = [
      "Top queries",
      "10/1/25 - 12/31/25 Clicks",
      "10/1/24 - 12/31/24 Clicks",
      "10/1/25 - 12/31/25 Impressions",
      "10/1/24 - 12/31/24 Impressions",
    ];
    expect(rangeComparison(header)?.labels).toEqual(["10/1/25 - 12/31/25", "10/1/24 - 12/31/24"]);
    const fr = ["Pays", "3 derniers mois Clics", "3 mois précédents Clics"];
    expect(rangeComparison(fr)?.labels).toEqual(["3 derniers mois", "3 mois précédents"]);
  });

  it("names that share a word are no comparison (Meta's link clicks), nor is one range alone", () => {
    expect(rangeComparison(["Day", "Link clicks", "Unique link clicks", "Impressions"])).toBeNull();
    expect(rangeComparison(["Date", "Last 28 days Clicks", "Last 28 days Impressions"])).toBeNull();
    expect(rangeComparison(["Date", "Clicks", "Impressions", "CTR", "Position"])).toBeNull();
  });
});

describe("a comparison without dates is refused with the way to export days", () => {
  it("Devices.csv of Last 28 days and Previous 28 days", () => {
    const reading = read(DEVICES);
    expect(reading.tool).toBe("searchConsole");
    expect(reading.refusal).toBe(X.comparisonTotals(1, ["Last 28 days", "Previous 28 days"]));
    expect(reading.refusal).toBe(
      "Line 1: the table compares two date ranges (Last 28 days with Previous 28 days) and has no date column: each row is a total over each range, not one day. In Search Console, turn Compare off in the date filter, choose one date range, export again and upload its Chart.csv (Dates.csv in older exports), which has one row per day; export each range so if you need both",
    );
  });

  it("a workbook's Queries sheet of two custom ranges", () => {
    // The same workbook's Queries sheet, as CSV: the header and its first two rows (verbatim).
    const text = lines(
      "Top queries,10/1/25 - 12/31/25 Clicks,10/1/24 - 12/31/24 Clicks,10/1/25 - 12/31/25 Impressions,10/1/24 - 12/31/24 Impressions,10/1/25 - 12/31/25 CTR,10/1/24 - 12/31/24 CTR,10/1/25 - 12/31/25 Position,10/1/24 - 12/31/24 Position",
      "horsch pronto 4dc,15,0,102,1,0.1471,0,5.41,7",
      "6 row maize drill for sale,10,0,72,0,0.1389,0,3.11,0",
    );
    expect(read(text).refusal).toBe(X.comparisonTotals(1, ["10/1/25 - 12/31/25", "10/1/24 - 12/31/24"]));
  });
});

// A chart of dates so compared, written here with the labels of the real exports above (no real one was found).
const LAST_28 = (rows: string[]) =>
  lines(
    "Date,Last 28 days Clicks,Previous 28 days Clicks,Last 28 days Impressions,Previous 28 days Impressions,Last 28 days CTR,Previous 28 days CTR,Last 28 days Position,Previous 28 days Position",
    ...rows,
  );

describe("a comparison with dates imports both ranges' days", () => {
  it("Last 28 days' rows: each row's other range is the day 28 days before", () => {
    const rows = Array.from({ length: 28 }, (_, i) => {
      const day = `2026-02-${String(i + 1).padStart(2, "0")}`;
      return `${day},${i},${i + 100},${10 * i + 10},${10 * i + 1000},1%,2%,4.5,9`;
    });
    const reading = read(LAST_28(rows));
    expect(reading.refusal).toBeNull();
    expect(reading.rangeComparison).toBe(true);
    expect(reading.tool).toBe("searchConsole");
    expect(reading.table?.periods).toEqual({ first: "2026-01-04", last: "2026-02-28", count: 56, grain: "day" });
    expect(reading.notes[0]).toBe(
      "Search Console comparison of Last 28 days with Previous 28 days: both are the site's own history, so each range's days are imported as the days they are (Last 28 days: 28 days, 2026-02-01 to 2026-02-28; Previous 28 days: 28 days, 2026-01-04 to 2026-01-31)",
    );
    const days = collected(LAST_28(rows));
    expect(days).toHaveLength(56);
    // Impressions, clicks, position × impressions (the stored order of the catalogue's metrics).
    expect(days[0]).toBe("2026-01-04|1000|100|9000");
    expect(days[27]).toBe("2026-01-31|1270|127|11430");
    expect(days[28]).toBe("2026-02-01|10|0|45");
    expect(days[55]).toBe("2026-02-28|280|27|1260");
  });

  it("custom ranges by their dates: each row's day of the other range at the same place in it", () => {
    const text = lines(
      "Date,10/1/25 - 10/3/25 Clicks,10/1/24 - 10/3/24 Clicks,10/1/25 - 10/3/25 Impressions,10/1/24 - 10/3/24 Impressions",
      "2025-10-01,1,2,10,20",
      "2025-10-02,3,4,30,40",
      "2025-10-03,5,,50,",
    );
    expect(collected(text)).toEqual([
      "2024-10-01|20|2",
      "2024-10-02|40|4",
      "2025-10-01|10|1",
      "2025-10-02|30|3",
      "2025-10-03|50|5",
    ]);
  });

  it("a row naming a day of each range, in one cell or in two", () => {
    const oneCell = lines(
      "Date,Last 7 days Clicks,Previous 7 days Clicks",
      "2026-03-08 vs 2026-03-01,4,3",
      "2026-03-09 vs 2026-03-02,5,6",
    );
    expect(collected(oneCell)).toEqual(["2026-03-01|3", "2026-03-02|6", "2026-03-08|4", "2026-03-09|5"]);
    const twoColumns = lines(
      "Last 7 days Date,Last 7 days Clicks,Previous 7 days Date,Previous 7 days Clicks",
      "2026-03-08,4,2026-03-01,3",
    );
    expect(collected(twoColumns)).toEqual(["2026-03-01|3", "2026-03-08|4"]);
  });

  it("the same day in both ranges with other figures is refused", () => {
    const text = lines(
      "Date,Last 7 days Clicks,Previous 7 days Clicks",
      "2026-03-08 vs 2026-03-01,4,3",
      "2026-03-01 vs 2026-02-22,9,6",
    );
    expect(read(text).refusal).toBe(X.comparisonOverlap(3, "2026-03-01", 2));
  });

  it("a range a year before, whose days the rows do not say, is refused with the way to export each", () => {
    const text = lines("Date,Last 28 days Clicks,Same period last year Clicks", "2026-02-01,4,3");
    expect(read(text).refusal).toBe(X.comparisonWithoutDays(1, ["Last 28 days", "Same period last year"]));
  });

  it("a cell that is not a date or a number names its line and column", () => {
    expect(read(LAST_28(["soon,1,2,3,4,1%,1%,1,1"])).refusal).toBe(M.badDate(2, "Date", "soon"));
    expect(read(LAST_28(["2026-02-01,1,lots,3,4,1%,1%,1,1"])).refusal).toBe(
      M.notANumber(2, "Previous 28 days Clicks", "lots"),
    );
  });
});
