import { beforeEach, describe, expect, it } from "vitest";
import { readFileStart } from "@/components/data-sources/csv-mapping/read-file-start";
import { EXPORT_MESSAGES as X } from "@/lib/constants/export-messages";
import { resetDatabase } from "@/test/db";
import { countObservations, uploadCsv, uploadWorld } from "@/test/data-source-fixtures";

// Shopify's analytics exports made with a comparison, through the wizard's reading and the API without a mapping
// (lib/csv-import/period-comparison.test.ts has the readings): the other period's figures are imported as the months
// they are, or refused when two periods disagree, writing nothing.

const lines = (...rows: string[]) => rows.join("\n") + "\n";

// github.com/Steproac/Monfrere-Tactical-Audit, "Sessions over time.csv" (commit 095927a5), its header and first
// four rows verbatim.
const MONTHLY = lines(
  '"Month","Online store visitors","Sessions","Month (previous_year)","Online store visitors (previous_year)","Sessions (previous_year)","Online store visitors (previous_year) ","Sessions (previous_year) "',
  '"2024-01-01",11614,15741,"2023-01-01",12304,18483,-5.6079323797139145,-14.835254017205',
  '"2024-02-01",9252,11681,"2023-02-01",12884,19212,-28.19000310462589,-39.19945867166354',
  '"2024-03-01",8732,11560,"2023-03-01",13193,19423,-33.81338588645494,-40.48293260567369',
  '"2024-04-01",14883,20621,"2023-04-01",17522,24523,-15.06106608834608,-15.911593198222077',
);

describe("a Shopify export compared with the previous year, uploaded", () => {
  beforeEach(resetDatabase);

  it("imports this year's and last year's months, as the wizard reads them", async () => {
    const preview = await readFileStart(new File([MONTHLY], "Sessions over time.csv", { type: "text/csv" }));
    expect(preview.refusal).toBeNull();
    expect(preview.periodComparison).toBe(true);
    expect(preview.table?.periods).toEqual({ first: "2023-01-01", last: "2024-04-01", count: 8, grain: "month" });

    const { main, sourceId } = await uploadWorld();
    const res = await uploadCsv(sourceId, main.token, MONTHLY, "Sessions over time.csv");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      rows: 8,
      grain: "month",
      dateRange: { start: "2023-01-01", end: "2024-04-01" },
      // The file's own sums: each year's sessions and visitors, the changes in percent left out.
      totals: {
        sessions: 15741 + 11681 + 11560 + 20621 + 18483 + 19212 + 19423 + 24523,
        users: 11614 + 9252 + 8732 + 14883 + 12304 + 12884 + 13193 + 17522,
      },
    });
    expect(res.body.notes[0]).toBe(preview.notes[0]);
    expect(await countObservations(sourceId)).toBe(8);
    expect(await countObservations(sourceId, "2023-02-01")).toBe(1);
  });

  it("two periods that disagree on a day are refused on the line, and nothing is written", async () => {
    const text = lines(
      '"Day","Sessions","Day (previous_period)","Sessions (previous_period)"',
      '"2024-01-02",10,"2024-01-01",8',
      '"2024-01-03",11,"2024-01-02",9',
    );
    const { main, sourceId } = await uploadWorld();
    const res = await uploadCsv(sourceId, main.token, text, "Sessions over time.csv");
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(X.periodOverlap(3, "2024-01-02", 2));
    expect(await countObservations(sourceId)).toBe(0);
  });
});
