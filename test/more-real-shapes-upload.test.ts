import { beforeEach, describe, expect, it } from "vitest";
import { resetDatabase } from "@/test/db";
import { countObservations, uploadCsv, uploadWorld } from "@/test/data-source-fixtures";

// Shapes of real exports beyond ../shared/real-exports (lib/csv-import/more-real-shapes.test.ts has the readings),
// through the API without a mapping into the database.

describe("GA4's explorations (Explore → Free form → Download → CSV)", () => {
  beforeEach(resetDatabase);

  // The grand total comes first, labelled in a cell past the header's last column, as in the real explorations of
  // github.com/LilyHeAsamiko/GA4 (download.csv: `,,,48,5,0,0,0,3,Grand total`) and
  // github.com/DanielTheC/internal-lnking-tool ("download (2).csv": `,13789,16244,…,14145,Grand total`).
  const exploration = (header: string, total: string, rows: string[]) =>
    [
      "# ----------------------------------------",
      "# Ten10 GA4",
      "# Untitled exploration-Free form 1",
      "# 20241122-20241125",
      "# ----------------------------------------",
      "",
      header,
      total,
      ...rows,
    ].join("\n") + "\n";

  it("by Date imports its days, the grand total checked against them", async () => {
    const { main, sourceId } = await uploadWorld();
    const text = exploration("Date,Sessions,Total users,Key events", ",122,100,9,Grand total", [
      "20241122,40,35,3",
      "20241123,38,30,2",
      "20241124,20,18,1",
      "20241125,24,20,3",
    ]);
    const res = await uploadCsv(sourceId, main.token, text, "download.csv");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      rows: 4,
      dateRange: { start: "2024-11-22", end: "2024-11-25" },
      totals: { sessions: 122, users: 103, conversions: 9 },
      fileTotals: [{ line: 8, label: "Grand total", matches: false }],
    });
    // Users do not add up over days: the grand total counts people once (100), the days 103.
    expect(res.body.fileTotals[0].metrics).toContainEqual({ metric: "sessions", file: 122, rows: 122 });
    expect(await countObservations(sourceId)).toBe(4);
  });

  it("by a dimension and Date, the same", async () => {
    const { main, sourceId } = await uploadWorld();
    const text = exploration("Session default channel group,Date,Sessions", ",,122,Grand total", [
      "Organic Search,20241122,40",
      "Organic Search,20241123,38",
      "Direct,20241122,20",
      "Direct,20241123,24",
    ]);
    const res = await uploadCsv(sourceId, main.token, text, "download.csv");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ rows: 4, dimensions: ["channel"], totals: { sessions: 122 } });
    expect(res.body.fileTotals).toMatchObject([{ label: "Grand total", matches: true }]);
  });

  it("a row wider than the header that is no total is still refused with its line", async () => {
    const { main, sourceId } = await uploadWorld();
    const text = exploration("Date,Sessions", ",122,Grand total", ["20241122,40", "20241123,38,extra"]);
    const res = await uploadCsv(sourceId, main.token, text, "download.csv");
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Line 10: expected 2 columns as in the header, found 3");
    expect(await countObservations(sourceId)).toBe(0);
  });
});
