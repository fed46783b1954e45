import { describe, expect, it } from "vitest";
import { EXPORT_MESSAGES as X } from "../constants/export-messages";
import { isDatedPeriodComparison, periodComparison, periodComparisonRows } from "./period-comparison";
import { readExport } from "./read-export";
import { readItems } from "./read-items";
import { TableCollector } from "./table-collector";
import { planTable } from "./table-plan";

// Shopify's analytics exports made with a comparison: the other period's figures beside each row, with that
// period's own date. Read as both periods' rows, each the period it is; left out (and said) when its dates are not
// known.

const lines = (...rows: string[]) => rows.join("\n") + "\n";
const read = (text: string) => readExport(text, { complete: true });

/** The rows as the importer stores them: "period|metric values". */
function collected(text: string) {
  const reading = read(text);
  const { plan, problems } = planTable(reading);
  if (!plan) throw new Error(problems[0].message);
  const collector = new TableCollector(reading, plan, reading.table!.periods!.grain);
  const rewritten = periodComparisonRows(text, true)!.text;
  for (const item of readItems(rewritten, reading.separator, true).items) collector.add(item);
  collector.finish();
  return [...collector.rows.values()]
    .sort((a, b) => (a.start < b.start ? -1 : 1))
    .map((r) => [r.start, ...r.values].join("|"));
}

// github.com/Steproac/Monfrere-Tactical-Audit, "Sessions over time.csv" (commit 095927a5), its header and first
// three rows verbatim: the previous year's month in its own column; the repeated names with a trailing space hold the
// change in percent.
const MONTHLY = lines(
  '"Month","Online store visitors","Sessions","Month (previous_year)","Online store visitors (previous_year)","Sessions (previous_year)","Online store visitors (previous_year) ","Sessions (previous_year) "',
  '"2024-01-01",11614,15741,"2023-01-01",12304,18483,-5.6079323797139145,-14.835254017205',
  '"2024-02-01",9252,11681,"2023-02-01",12884,19212,-28.19000310462589,-39.19945867166354',
  '"2024-03-01",8732,11560,"2023-03-01",13193,19423,-33.81338588645494,-40.48293260567369',
);

describe("a Shopify export compared with the previous year", () => {
  it("finds the other period's date and values, the changes in percent apart", () => {
    const first = readItems(MONTHLY, ",", true).items[0];
    const header = first.kind === "record" ? first.fields : [];
    const comparison = periodComparison(header)!;
    expect(comparison).toMatchObject({
      label: "previous_year",
      date: 3,
      ownDate: 0,
      metrics: [
        { own: 1, other: 4 },
        { own: 2, other: 5 },
      ],
    });
    expect([...comparison.columns].sort()).toEqual([3, 4, 5, 6, 7]);
    expect(isDatedPeriodComparison(header)).toBe(true);
  });

  it("imports both years' months as the months they are, the same reading for the preview and the importer", () => {
    const reading = read(MONTHLY);
    expect(reading.refusal).toBeNull();
    expect(reading.periodComparison).toBe(true);
    expect(reading.table?.headers).toEqual(["Month", "Online store visitors", "Sessions"]);
    expect(reading.table?.periods).toEqual({ first: "2023-01-01", last: "2024-03-01", count: 6, grain: "month" });
    expect(reading.notes[0]).toMatch(/^Compared with the previous year: both periods are the shop's own history/);
    expect(reading.notes[0]).toContain("told by its column Month (previous_year)");
    // Sessions and users (visitors) of each month, this year's and last year's.
    expect(collected(MONTHLY)).toEqual([
      "2023-01-01|18483|12304",
      "2023-02-01|19212|12884",
      "2023-03-01|19423|13193",
      "2024-01-01|15741|11614",
      "2024-02-01|11681|9252",
      "2024-03-01|11560|8732",
    ]);
  });

  it("without the other period's month, a month compared with the previous year is the same month a year before", () => {
    const text = lines(
      '"Month","Sessions","Sessions (previous_year)"',
      '"2024-01-01",15741,18483',
      '"2024-02-01",11681,19212',
    );
    expect(collected(text)).toEqual(["2023-01-01|18483", "2023-02-01|19212", "2024-01-01|15741", "2024-02-01|11681"]);
  });

  it("days compared with a previous period that the file does not date are left out, and the note says so", () => {
    const text = lines('"Day","Sessions","Sessions (previous_period)"', '"2024-01-01",10,8', '"2024-01-02",11,9');
    const reading = read(text);
    expect(reading.periodComparison).toBeUndefined();
    expect(reading.table?.periods).toMatchObject({ first: "2024-01-01", last: "2024-01-02", count: 2 });
    expect(reading.notes.at(-1)).toBe(
      "The columns of the previous period (Sessions (previous_period)) are left out: the file does not say which Day each of their figures belongs to (export with the comparison's own date column, or the other period as a file of its own)",
    );
  });

  it("periods in both ranges must agree, else the file is refused on the line", () => {
    const text = lines(
      '"Day","Sessions","Day (previous_period)","Sessions (previous_period)"',
      '"2024-01-02",10,"2024-01-01",8',
      '"2024-01-03",11,"2024-01-02",9',
    );
    expect(read(text).refusal).toBe(X.periodOverlap(3, "2024-01-02", 2));
    const agreeing = lines(
      '"Day","Sessions","Day (previous_period)","Sessions (previous_period)"',
      '"2024-01-02",10,"2024-01-01",8',
      '"2024-01-03",11,"2024-01-02",10',
    );
    expect(collected(agreeing)).toEqual(["2024-01-01|8", "2024-01-02|10", "2024-01-03|11"]);
  });

  it("an export without comparison columns is no comparison", () => {
    // github.com/Steproac/Monfrere-Tactical-Audit, "Shopify 2025 YTD - Visitors Over Time.csv", its header (verbatim).
    expect(periodComparison(["Month", "Online store visitors", "Sessions"])).toBeNull();
    expect(read(lines('"Month","Online store visitors","Sessions"', '"2025-01-01",15677,22183')).notes).not.toContain(
      expect.stringMatching(/left out: the file does not say/),
    );
  });
});
