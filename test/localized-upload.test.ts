import { beforeEach, describe, expect, it } from "vitest";
import { readFileStart } from "@/components/data-sources/csv-mapping/read-file-start";
import { EXPORT_MESSAGES as X } from "@/lib/constants/export-messages";
import { resetDatabase } from "@/test/db";
import { countObservations, uploadCsv, uploadWorld } from "@/test/data-source-fixtures";

// Exports in the tools' other languages through the wizard's reading and the API without a mapping
// (lib/csv-import/localized-exports.test.ts has the readings): each column read with the decimal mark its cells
// show, day-first dates, the streamed import and the row-by-row one alike; a header of unknown names refused.

const lines = (...rows: string[]) => rows.join("\n") + "\n";

describe("exports in other languages, uploaded", () => {
  beforeEach(resetDatabase);

  it("a comma-separated German Search Console chart with quoted '1.200' and '1,2' imports 1,200 clicks", async () => {
    const text = lines(
      "Datum,Klicks,Impressionen,CTR,Position",
      '05.02.2026,"1.200","3.000","40 %","1,2"',
      '06.02.2026,90,"18.628","0,48 %","15,8"',
      '07.02.2026,"1.010","20.000","5,05 %","2"',
    );
    const preview = await readFileStart(new File([text], "Diagramm.csv", { type: "text/csv" }));
    expect(preview.refusal).toBeNull();
    const { main, sourceId } = await uploadWorld();
    const res = await uploadCsv(sourceId, main.token, text, "Diagramm.csv");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      rows: 3,
      grain: "day",
      dateRange: { start: "2026-02-05", end: "2026-02-07" },
      totals: { clicks: 1200 + 90 + 1010, impressions: 3000 + 18628 + 20000 },
    });
    // The position is the impressions-weighted average of the rows'.
    expect(res.body.totals.position).toBeCloseTo((1.2 * 3000 + 15.8 * 18628 + 2 * 20000) / 41628, 2);
    expect(await countObservations(sourceId, "2026-02-06")).toBe(1);
  });

  it("a French Google Ads download separated by semicolons, '1 234,56 €' and day-first slashed dates", async () => {
    const text = lines("Jour;Clics;Impr.;Coût", "03/02/2026;12;1 234;1 234,56 €", "04/02/2026;3;98;12,5 €");
    const { main, sourceId } = await uploadWorld();
    const res = await uploadCsv(sourceId, main.token, text, "Rapport.csv");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      rows: 2,
      dateRange: { start: "2026-02-03", end: "2026-02-04" },
      totals: { clicks: 15, impressions: 1332, cost: 1247.06 },
    });
  });

  it("a header of names no language it knows writes is refused naming the language, and writes nothing", async () => {
    const text = lines("Ημερομηνία,Κλικ,Εμφανίσεις,CTR,Θέση", "2026-02-05,3,40,7.5%,8");
    const { main, sourceId } = await uploadWorld();
    const res = await uploadCsv(sourceId, main.token, text, "Chart.csv");
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Line 1, column .*: the header looks like Greek/);
    expect(res.body.message).toBe(X.unknownLanguageColumns(1, "Greek", ["Ημερομηνία", "Κλικ", "Εμφανίσεις", "Θέση"]));
    expect(await countObservations(sourceId)).toBe(0);
  });
});
