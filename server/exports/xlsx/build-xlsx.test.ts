import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { syntheticModel } from "../synthetic-model";
import { buildXlsx } from "./build-xlsx";
import { DAILY_SHEET } from "./chart-data-sheets";
import { findingValueFormat } from "./number-formats";
import { FIGURES_SHEET } from "./figures-sheet";
import { SUMMARY_HEADER_ROW, SUMMARY_SHEET } from "./summary-sheet";

const model = syntheticModel({ insights: 6, days: 50 });

async function workbook(): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await buildXlsx(model)) as unknown as ExcelJS.Buffer);
  return wb;
}

const headerIndex = (ws: ExcelJS.Worksheet, row: number) => {
  const out = new Map<string, number>();
  ws.getRow(row).eachCell((cell, col) => out.set(String(cell.value), col));
  return out;
};

describe("buildXlsx", async () => {
  const wb = await workbook();

  it("has the summary, one sheet per group and the daily series", () => {
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      SUMMARY_SHEET,
      FIGURES_SHEET,
      "Most Impactful Insights",
      "Data Quality Audit",
      "Other Insights",
      DAILY_SHEET,
      "Segments and steps",
    ]);
  });

  it("writes the summary's headline numbers as numbers with formats, in the project's currency", () => {
    const ws = wb.getWorksheet(SUMMARY_SHEET)!;
    expect(ws.views[0]).toMatchObject({ state: "frozen", ySplit: SUMMARY_HEADER_ROW });
    expect(ws.getColumn(2).width).toBeGreaterThan(30);
    const col = headerIndex(ws, SUMMARY_HEADER_ROW);
    const first = [...model.insights].sort((a, b) => b.impact - a.impact)[0];
    const row = ws.getRow(SUMMARY_HEADER_ROW + 1);
    expect(row.getCell(col.get("Insight")!).value).toBe(first.title);
    const f = first.findings[0];
    const current = row.getCell(col.get("Current")!);
    expect(current.value).toBe(f.current);
    expect(current.numFmt).toBe('"€"#,##0.00');
    expect(row.getCell(col.get("Change %")!).value).toBe(f.changePct);
    expect(row.getCell(col.get("Change %")!).numFmt).toBe("+0.0%;-0.0%;0.0%");
    // The effect on the KPI in its unit (the synthetic project's KPI is revenue), named in the next column.
    expect(row.getCell(col.get("Effect on KPI")!).value).toBe(first.kpiEffect);
    expect(row.getCell(col.get("Effect on KPI")!).numFmt).toBe('+"€"#,##0.00;-"€"#,##0.00;"€"#,##0.00');
    expect(row.getCell(col.get("KPI")!).value).toBe("Revenue");
    expect(row.getCell(col.get("Period start")!).value).toBeInstanceOf(Date);
    expect(ws.getCell("A2").value).toBe("Acme · Acme shop");
  });

  it("gives the report's key figures as numbers in their unit, with how each reads", () => {
    const ws = wb.getWorksheet(FIGURES_SHEET)!;
    const rows = [4, 5, 6].map((n) => ws.getRow(n));
    expect(rows.map((r) => r.getCell(1).value)).toEqual(["Revenue", "Transactions", "Ecommerce conversion rate"]);
    expect(rows[0].getCell(2).value).toBe(48_210.5);
    expect(rows[0].getCell(2).numFmt).toBe('"€"#,##0.00');
    expect(rows[0].getCell(6).value).toBe("Better");
    expect(rows[1].getCell(6).value).toBe("Within normal day-to-day variation");
    expect(rows[2].getCell(5).value).toBe(-0.183);
    expect(rows[2].getCell(6).value).toBe("Worse");
  });

  it("lists every finding of a group with its evidence", () => {
    const ws = wb.getWorksheet("Other Insights")!;
    expect(ws.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    const findings = model.insights.filter((i) => i.group === "other").flatMap((i) => i.findings);
    expect(ws.rowCount).toBe(1 + findings.length);
    const col = headerIndex(ws, 1);
    findings.forEach((f, k) => {
      const row = ws.getRow(2 + k);
      expect(row.getCell(col.get("Current")!).value).toBe(f.current);
      expect(typeof row.getCell(col.get("Change")!).value).toBe("number");
    });
  });

  it("says which weekdays a step of some weekdays is of, and leaves the cell empty for every day", async () => {
    const weekdays = structuredClone(model);
    const other = weekdays.insights.filter((i) => i.group === "other").flatMap((i) => i.findings);
    Object.assign(other[0], { kind: "level_shift", weekdays: [6, 0] });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await buildXlsx(weekdays)) as unknown as ExcelJS.Buffer);
    const ws = book.getWorksheet("Other Insights")!;
    const col = headerIndex(ws, 1).get("Only on")!;
    expect(ws.getRow(2).getCell(col).value).toBe("Saturdays and Sundays");
    expect(other.length).toBeGreaterThan(1);
    other.slice(1).forEach((_, k) => expect(ws.getRow(3 + k).getCell(col).value).toBeNull());
  });

  it("holds the daily series behind each chart, as numbers and dates", () => {
    const ws = wb.getWorksheet(DAILY_SHEET)!;
    const series = model.insights.filter((i) => i.chart?.type === "series");
    const points = series.flatMap((i) => (i.chart?.type === "series" ? i.chart.points : []));
    expect(ws.rowCount).toBe(1 + points.length);
    points.forEach((p, k) => {
      const row = ws.getRow(2 + k);
      expect((row.getCell(4).value as Date).toISOString().slice(0, 10)).toBe(p.date);
      expect(row.getCell(4).numFmt).toBe("yyyy-mm-dd");
      expect(row.getCell(5).value).toBe(p.value ?? null);
      if (p.value !== null) expect(row.getCell(5).numFmt).toBeTruthy();
    });
  });
});

describe("findingValueFormat", () => {
  it("writes a level shift's counts and amounts as daily levels, and its rates as rates", () => {
    const shift = { kind: "level_shift" };
    expect(findingValueFormat(shift, "currency", "EUR")).toBe('"€"#,##0.00" a day"');
    expect(findingValueFormat(shift, "currency", "EUR", true)).toBe(
      '+"€"#,##0.00" a day";-"€"#,##0.00" a day";"€"#,##0.00" a day"',
    );
    expect(findingValueFormat(shift, "count", "EUR")).toBe('#,##0.##" a day";-#,##0.##" a day";0" a day"');
    expect(findingValueFormat(shift, "percent", "EUR")).toBe("0.00%");
    expect(findingValueFormat({ kind: "change" }, "currency", "EUR")).toBe('"€"#,##0.00');
  });
});
