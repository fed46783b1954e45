import ExcelJS from "exceljs";
import { beforeEach, describe, expect, it } from "vitest";
import { readFileStart } from "@/components/data-sources/csv-mapping/read-file-start";
import { EXPORT_MESSAGES as X } from "@/lib/constants/export-messages";
import { resetDatabase } from "@/test/db";
import { countObservations, uploadCsv, uploadWorld } from "@/test/data-source-fixtures";

// Search Console's Performance export with Compare on, through the wizard's reading and the API without a mapping
// (lib/csv-import/range-comparison.test.ts has the readings and the real files' sources): a chart of both ranges'
// dates imports each range's days; the real exports, tables of totals with no date, are refused and write nothing.

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const lines = (...rows: string[]) => rows.join("\r\n") + "\r\n";
const COMPARE = (metric: string) => [`Last 28 days ${metric}`, `Previous 28 days ${metric}`];
const HEADER = ["Date", ...["Clicks", "Impressions", "CTR", "Position"].flatMap(COMPARE)].join(",");

/** 28 days of February, each row with its day of the 28 days before. */
const CHART = lines(
  HEADER,
  ...Array.from({ length: 28 }, (_, i) => {
    const day = `2026-02-${String(28 - i).padStart(2, "0")}`;
    return `${day},${i + 1},${2 * i},${100 + i},${200 + i},1%,0.5%,8.25,12`;
  }),
);
const sum = (f: (i: number) => number) => Array.from({ length: 28 }, (_, i) => f(i)).reduce((a, b) => a + b, 0);

describe("a Search Console comparison uploaded", () => {
  beforeEach(resetDatabase);

  it("a chart of two ranges' dates imports both ranges' days, as the wizard reads them", async () => {
    const preview = await readFileStart(new File([CHART], "Chart.csv", { type: "text/csv" }));
    expect(preview.refusal).toBeNull();
    expect(preview.rangeComparison).toBe(true);
    expect(preview.table?.periods).toEqual({ first: "2026-01-04", last: "2026-02-28", count: 56, grain: "day" });

    const { main, sourceId } = await uploadWorld();
    const res = await uploadCsv(sourceId, main.token, CHART, "Chart.csv");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      rows: 56,
      grain: "day",
      dateRange: { start: "2026-01-04", end: "2026-02-28" },
      totals: { clicks: sum((i) => i + 1) + sum((i) => 2 * i), impressions: sum((i) => 300 + 2 * i) },
    });
    expect(res.body.notes[0]).toBe(preview.notes[0]);
    expect(await countObservations(sourceId)).toBe(56);
    expect(await countObservations(sourceId, "2026-01-31")).toBe(1);
  });

  it("the real Devices.csv of a comparison (no date) is refused and writes nothing", async () => {
    // github.com/aishKodes/radiance-clinic, seo/gsc-raw/compare-28d/Devices.csv (verbatim)
    const devices = lines(
      "Device,Last 28 days Clicks,Previous 28 days Clicks,Last 28 days Impressions,Previous 28 days Impressions,Last 28 days CTR,Previous 28 days CTR,Last 28 days Position,Previous 28 days Position",
      "Mobile,414,436,38443,41348,1.08%,1.05%,7.92,9.04",
      "Desktop,101,94,12121,14763,0.83%,0.64%,29.76,27.43",
      "Tablet,4,2,516,496,0.78%,0.4%,21.82,17.9",
    );
    const { main, sourceId } = await uploadWorld();
    const res = await uploadCsv(sourceId, main.token, devices, "Devices.csv");
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(X.comparisonTotals(1, ["Last 28 days", "Previous 28 days"]));
    expect(await countObservations(sourceId)).toBe(0);
  });

  it("a comparison workbook without a chart is refused on its first sheet", async () => {
    // As github.com/DanielTheC/internal-lnking-tool's https___amtec-group.com_-Performance-on-Search-2026-01-15.xlsx
    // lays out its sheets (Queries, Pages, Countries, Devices, Search appearance, Filters; no Chart): its Countries
    // and Filters rows verbatim, the other sheets cut to a row.
    const labels = ["10/1/25 - 12/31/25", "10/1/24 - 12/31/24"];
    const metrics = ["Clicks", "Impressions", "CTR", "Position"].flatMap((m) => labels.map((l) => `${l} ${m}`));
    const book = new ExcelJS.Workbook();
    const sheet = (name: string, header: string[], rows: (string | number)[][]) => {
      const s = book.addWorksheet(name);
      s.addRow(header);
      rows.forEach((r) => s.addRow(r));
    };
    sheet("Queries", ["Top queries", ...metrics], [["horsch pronto 4dc", 15, 0, 102, 1, 0.1471, 0, 5.41, 7]]);
    sheet("Pages", ["Top pages", ...metrics], [["https://amtec-group.com/", 30, 0, 304, 0, 0.0987, 0, 16.19, 0]]);
    sheet(
      "Countries",
      ["Country", ...metrics],
      [["United Kingdom", 344, 380, 47707, 17075, 0.0072, 0.0223, 16.52, 9.65]],
    );
    sheet("Devices", ["Device", ...metrics], [["Mobile", 234, 246, 20437, 12912, 0.0114, 0.0191, 16.25, 8.27]]);
    sheet(
      "Search appearance",
      ["Search Appearance", ...metrics],
      [["Product snippets", 58, 278, 2771, 4615, 0.0209, 0.0602, 12.97, 9.35]],
    );
    sheet(
      "Filters",
      ["Filter", "Value"],
      [
        ["Search type", "Web"],
        ["Date", "Oct 1, 2025-Dec 31, 2025"],
        ["Country", "United Kingdom"],
        ["Page", "+/drills/"],
      ],
    );
    const bytes = Buffer.from(await book.xlsx.writeBuffer());

    const preview = await readFileStart(new File([bytes], "Performance-on-Search.xlsx", { type: XLSX_TYPE }));
    expect(preview.refusal).toBe(X.comparisonTotals(1, labels as [string, string]));
    const { main, sourceId } = await uploadWorld();
    const res = await uploadCsv(sourceId, main.token, bytes, "Performance-on-Search.xlsx", XLSX_TYPE);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(preview.refusal);
    expect(await countObservations(sourceId)).toBe(0);
  });
});
