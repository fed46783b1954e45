import { describe, expect, it } from "vitest";
import { EXPORT_MESSAGES as X } from "../constants/export-messages";
import { headerLanguage } from "./known-columns";
import { columnMarks, decimalEvidence } from "./number-format";
import { parseDateCell, parseMonthCell } from "./parse-date";
import { parseNumberCell } from "./parse-number";
import { readExport } from "./read-export";
import { readItems } from "./read-items";
import { TableCollector } from "./table-collector";
import { planTable } from "./table-plan";

// Exports downloaded in the tools' other UI languages: their column names, their dates and their numbers. The real
// ones found (their sources by each) are Search Console's, with ISO dates; the number formats and dates of the
// other locales are the tools' documented ways, checked cell by cell.

const lines = (...rows: string[]) => rows.join("\n") + "\n";
const read = (text: string) => readExport(text, { complete: true });

/** The rows as the importer stores them: "date|metric values" (a position weighted by its impressions). */
function collected(text: string) {
  const reading = read(text);
  if (reading.refusal) throw new Error(reading.refusal);
  const { plan, problems } = planTable(reading);
  if (!plan) throw new Error(problems[0].message);
  const collector = new TableCollector(reading, plan, reading.table!.periods!.grain);
  for (const item of readItems(text, reading.separator, true).items) collector.add(item);
  collector.finish();
  return {
    metrics: plan.metrics.map((m) => m.metric.key),
    rows: [...collector.rows.values()]
      .sort((a, b) => (a.start < b.start ? -1 : 1))
      .map((r) => [r.start, ...r.values].join("|")),
  };
}
const targets = (text: string) => read(text).table!.proposal.map((c) => c.target);

describe("Search Console in other languages", () => {
  it("French: Date, Clics, Impressions, CTR, Position", () => {
    // github.com/GAP028/michelin-seo-dashboard, Dates.csv (commit 775648af), its header and first rows verbatim.
    const text = lines(
      "Date,Clics,Impressions,CTR,Position",
      "2025-02-05,6443,371375,1.73%,23.8",
      "2025-02-04,7479,364427,2.05%,21.81",
    );
    expect(targets(text)).toEqual(["date", "metric:clicks", "metric:impressions", "ignore", "metric:position"]);
    expect(collected(text).rows).toEqual([
      `2025-02-04|364427|7479|${21.81 * 364427}`,
      `2025-02-05|371375|6443|${23.8 * 371375}`,
    ]);
  });

  it("Spanish and Portuguese Page indexing charts: their impressions by day, the page counts left for the user", () => {
    // github.com/kikeseoane/recambios-aspirador, Gráfico.csv (commit 720aaf0b), first rows verbatim.
    const es = lines(
      "Fecha,Sin indexar,Indexadas,Impresiones",
      "2026-01-30,,,1",
      "2026-01-31,23,8,2",
      "2026-02-01,28,9,0",
    );
    expect(targets(es)).toEqual(["date", "ignore", "ignore", "metric:impressions"]);
    expect(collected(es).rows).toEqual(["2026-01-30|1", "2026-01-31|2", "2026-02-01|0"]);
    // github.com/Williamjj2/SantosCleaningSolutions, Gráfico.csv (commit 6e3ae7b6), first rows verbatim.
    const pt = lines(
      "Data,Não indexadas,Indexados,Impressões",
      "2025-08-16,,,165",
      "2025-08-17,,,93",
      "2025-08-18,53,29,116",
    );
    expect(collected(pt)).toEqual({
      metrics: ["impressions"],
      rows: ["2025-08-16|165", "2025-08-17|93", "2025-08-18|116"],
    });
    expect(headerLanguage(["Data", "Sessões engajadas", "Usuários ativos"])?.name).toBe("Portuguese");
    expect(headerLanguage(["Date", "Clics", "Impressions"])?.name).toBe("French or Spanish");
    expect(headerLanguage(["Date", "Clicks", "Impressions"])).toBeNull();
  });

  it("Japanese, Korean, Chinese and Russian names are not squashed to nothing", () => {
    expect(targets(lines("日付,クリック数,表示回数,CTR,掲載順位", "2026/02/05,3,40,7.5%,8"))).toEqual([
      "date",
      "metric:clicks",
      "metric:impressions",
      "ignore",
      "metric:position",
    ]);
    // Impressions, then clicks.
    expect(collected(lines("날짜,클릭수,노출수", "2026. 2. 5.,3,40")).rows).toEqual(["2026-02-05|40|3"]);
    expect(collected(lines("日期,点击次数,展示次数", "2026年2月5日,3,40")).rows).toEqual(["2026-02-05|40|3"]);
    expect(collected(lines("Дата,Клики,Показы", "05.02.2026,3,40")).rows).toEqual(["2026-02-05|40|3"]);
  });

  it("Japanese's one name for impressions and GA4's views is read by the other columns", () => {
    expect(targets(lines("日付,セッション,表示回数", "20260205,3,40"))[2]).toBe("metric:pageviews");
    expect(targets(lines("日付,クリック数,表示回数", "2026/02/05,3,40"))[2]).toBe("metric:impressions");
    expect(parseDateCell("2026年2月5日(木)", null)).toBe("2026-02-05");
  });

  it("a header in a language whose names are not known is refused, naming the language and the columns", () => {
    const text = lines("Ημερομηνία,Κλικ,Εμφανίσεις,CTR,Θέση", "2026-02-05,3,40,7.5%,8");
    expect(read(text).refusal).toBe(X.unknownLanguageColumns(1, "Greek", ["Ημερομηνία", "Κλικ", "Εμφανίσεις", "Θέση"]));
    expect(read(text).refusal).toMatch(
      /^Line 1, column Ημερομηνία: the header looks like Greek, and Ημερομηνία, Κλικ, Εμφανίσεις, … are not among/,
    );
  });
});

describe("GA4, Google Ads, Meta and Shopify in other languages", () => {
  it("GA4 in French: its preamble's start date and its names", () => {
    const text = lines(
      "# ----------------------------------------",
      "# Date de début : 20260701",
      "# Date de fin : 20260703",
      "# ----------------------------------------",
      "",
      "Nième jour,Utilisateurs actifs",
      "0000,10",
    );
    expect(read(text).preamble).toMatchObject({ start: "2026-07-01", end: "2026-07-03" });
    const daily = lines(
      "Date,Sessions,Utilisateurs actifs,Nouveaux utilisateurs,Événements clés,Revenu total",
      "20260701,12,10,4,2,99,5",
    );
    expect(targets(daily)).toEqual([
      "date",
      "metric:sessions",
      "metric:users",
      "metric:newUsers",
      "metric:conversions",
      "metric:revenue",
    ]);
  });

  it("German and Spanish names of the metrics the reports use", () => {
    expect(
      targets(lines("Datum,Sitzungen,Aktive Nutzer,Schlüsselereignisse,Gesamtumsatz", "20260701,1,1,1,1")),
    ).toEqual(["date", "metric:sessions", "metric:users", "metric:conversions", "metric:revenue"]);
    expect(targets(lines("Día,Clics,Impr.,Coste,Conversiones", "2026-02-05,1,2,3,4"))).toEqual([
      "date",
      "metric:clicks",
      "metric:impressions",
      "metric:cost",
      "metric:conversions",
    ]);
  });
});

describe("numbers: each column's decimal mark, from the file itself", () => {
  it("a cell tells its mark unless it is a lone group of three", () => {
    expect(["1.234,56", "12,5", "0,125", "62,5 %", "1.234.567", "12 345,6", "1 234,56 €"].map(decimalEvidence)).toEqual(
      ["comma", "comma", "comma", "comma", "comma", "comma", "comma"],
    );
    expect(["1,234.56", "12.5", "US$1.92", "1,234,567", "₹1,23,456"].map(decimalEvidence)).toEqual([
      "point",
      "point",
      "point",
      "point",
      "point",
    ]);
    expect(["1,234", "1.234", "12", "--", ""].map(decimalEvidence)).toEqual([null, null, null, null, null]);
  });

  it("a column that does not tell takes the file's other numbers' mark, else the separator's", () => {
    const rows = [
      ["1.200", "1,2"],
      ["300", "1,1"],
    ];
    expect(columnMarks(rows, [2, 3], 2, [0, 1], false).map((m) => m.decimalComma)).toEqual([true, true]);
    expect(columnMarks([["1.200", "3"]], [2], 2, [0, 1], false).map((m) => m.decimalComma)).toEqual([false, false]);
    expect(columnMarks([["1.200", "3"]], [2], 2, [0, 1], true).map((m) => m.decimalComma)).toEqual([true, true]);
    expect(parseNumberCell("1,234", { decimalComma: true })).toEqual({ kind: "number", text: "1.234" });
    expect(parseNumberCell("1,234")).toEqual({ kind: "number", text: "1234" });
  });

  it("a comma-separated export in German, its cells quoted: thousands with dots, decimals with commas", () => {
    // The way a German-locale Search Console download writes its cells ("1.200", "0,48 %", "15,8").
    const text = lines(
      "Datum,Klicks,Impressionen,CTR,Position",
      '05.02.2026,"1.200","3.000","40 %","1,2"',
      '06.02.2026,90,"18.628","0,48 %","15,8"',
    );
    // Impressions, clicks, the position weighted by the impressions.
    expect(collected(text).rows).toEqual([`2026-02-05|3000|1200|${1.2 * 3000}`, `2026-02-06|18628|90|${15.8 * 18628}`]);
  });

  it("Google Ads in French with a semicolon: 1 234,56 € and named months", () => {
    const text = lines("Jour;Clics;Impr.;Coût", "5 févr. 2026;12;1 234;1 234,56 €", "6 févr. 2026;3;98;12,5 €");
    expect(collected(text).rows).toEqual(["2026-02-05|1234|12|1234.56", "2026-02-06|98|3|12.5"]);
  });

  it("a column that writes both marks is refused, naming both cells", () => {
    const text = lines("Date,Clicks,Cost", '2026-02-05,1,"1,234.50"', '2026-02-06,2,"12,5"');
    expect(read(text).refusal).toBe(
      X.mixedDecimalMarks("Cost", { line: 2, raw: "1,234.50" }, { line: 3, raw: "12,5" }),
    );
  });
});

describe("dates of other locales", () => {
  it("dots are always the day first; a header in a day-first language reads slashes day first", () => {
    expect(parseDateCell("05.02.2026", null)).toBe("2026-02-05");
    expect(parseDateCell("2026/02/05", null)).toBe("2026-02-05");
    expect(parseDateCell("2026年2月5日", null)).toBe("2026-02-05");
    expect(parseDateCell("5 févr. 2026", null)).toBe("2026-02-05");
    // Google Ads' weekday-prefixed days in Italian (whose Tuesday, "mar", is March's abbreviation) and Dutch.
    expect(parseDateCell("mar 3 feb 2026", null)).toBe("2026-02-03");
    expect(parseDateCell("Mar 3, 2026", null)).toBe("2026-03-03");
    expect(parseDateCell("do 5 feb. 2026", null)).toBe("2026-02-05");
    expect(parseMonthCell("2026年2月")).toBe("2026-02-01");
    // Nothing in the dates tells (both parts 12 or less): the French names do.
    const fr = lines("Date,Clics,Impressions", "03/02/2026,1,10", "04/02/2026,2,20");
    expect(read(fr).table?.dateOrder).toBe("dmy");
    expect(collected(fr).rows).toEqual(["2026-02-03|10|1", "2026-02-04|20|2"]);
    // The same in English stays month first.
    expect(read(lines("Date,Clicks,Impressions", "03/02/2026,1,10")).table?.dateOrder).toBeNull();
  });
});
