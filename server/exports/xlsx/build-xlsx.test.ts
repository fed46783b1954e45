import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { syntheticModel } from "../synthetic-model";
import { buildXlsx } from "./build-xlsx";
import { all, readPackage, wellFormed } from "@/test/ooxml";
import { chartPlan } from "../charts/chart-plan";
import { DAILY_SHEET } from "./chart-data-sheets";
import { CHARTS_SHEET } from "./charts-sheet";
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
      CHARTS_SHEET,
      DAILY_SHEET,
      "Segments and steps",
    ]);
  });

  it("writes the summary's headline numbers as numbers with formats, in the project's currency", () => {
    const ws = wb.getWorksheet(SUMMARY_SHEET)!;
    expect(ws.views[0]).toMatchObject({ state: "frozen", ySplit: SUMMARY_HEADER_ROW });
    expect(ws.getColumn(2).width).toBeGreaterThan(30);
    const col = headerIndex(ws, SUMMARY_HEADER_ROW);
    const first = [...model.insights].sort((a, b) => a.rank - b.rank)[0];
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
      expect(row.getCell(4).numFmt).toBe("mmm d, yyyy");
      expect(row.getCell(5).value).toBe(p.value ?? null);
      if (p.value !== null) expect(row.getCell(5).numFmt).toBeTruthy();
    });
  });
});

describe("the summary", () => {
  it("lists the insights in the report's rank order, the audit where the report ranks it", async () => {
    const ranked = structuredClone(model);
    // The engine ranks through the groups as the page lists them: the audit (impact 0) before the Other Insights.
    const audit = ranked.insights.find((i) => i.group === "data_quality")!;
    ranked.insights.forEach((i) => {
      if (i.rank > 1 && i !== audit) i.rank += 1;
    });
    audit.rank = 2;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await buildXlsx(ranked)) as unknown as ExcelJS.Buffer);
    const ws = book.getWorksheet(SUMMARY_SHEET)!;
    const ranks = ranked.insights.map((_, k) => ws.getRow(SUMMARY_HEADER_ROW + 1 + k).getCell(1).value);
    expect(ranks).toEqual([...ranked.insights].map((i) => i.rank).sort((a, b) => a - b));
    expect(ws.getRow(SUMMARY_HEADER_ROW + 2).getCell(2).value).toBe(audit.title);
  });

  it("names the currency only when the workbook holds amounts of money", async () => {
    const counts = syntheticModel({ insights: 5, days: 30 });
    counts.figures = null;
    for (const i of counts.insights) {
      i.kpiMetric = "conversions";
      for (const f of i.findings) f.metric = f.kind === "audit" ? f.metric : "conversions";
      if (i.chart && "metric" in i.chart) Object.assign(i.chart, { metric: "conversions", unit: "count" });
    }
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await buildXlsx(counts)) as unknown as ExcelJS.Buffer);
    expect(String(book.getWorksheet(SUMMARY_SHEET)!.getCell("A3").value)).not.toContain("amounts in");
    expect(String((await workbook()).getWorksheet(SUMMARY_SHEET)!.getCell("A3").value)).toContain("amounts in EUR");
  });
});

describe("printing", async () => {
  const pkg = await readPackage(await buildXlsx(model));
  const workbookXml = pkg.text("xl/workbook.xml").replace(/&apos;/g, "'");
  const sheets = all(workbookXml, /<sheet\b([^>]*)\/>/g).map((attrs, index) => ({
    index,
    name: /name="([^"]+)"/.exec(attrs)![1],
    part: pkg.rels("xl/workbook.xml").get(/r:id="([^"]+)"/.exec(attrs)![1])!.target,
  }));

  it("prints every sheet landscape, one page wide, with its print area", () => {
    expect(sheets.length).toBeGreaterThan(5);
    for (const sheet of sheets) {
      const xml = pkg.text(sheet.part);
      expect(xml, sheet.name).toMatch(/<pageSetUpPr fitToPage="1"\/>/);
      expect(xml, sheet.name).toMatch(/<pageSetup\b[^>]*orientation="landscape"/);
      expect(xml, sheet.name).toMatch(/<pageSetup\b[^>]*fitToWidth="1"/);
      expect(xml, sheet.name).toMatch(/<pageSetup\b[^>]*fitToHeight="0"/);
      const area = new RegExp(`<definedName name="_xlnm.Print_Area" localSheetId="${sheet.index}">([^<]+)<`).exec(
        workbookXml,
      )?.[1];
      expect(area, sheet.name).toMatch(/^'[^']+'!\$A\$1:\$[A-Z]+\$\d+$/);
    }
  });

  it("repeats each table's header row on every printed page", () => {
    const titles = (name: string) =>
      new RegExp(
        `<definedName name="_xlnm.Print_Titles" localSheetId="${sheets.find((s) => s.name === name)!.index}">([^<]+)<`,
      ).exec(workbookXml)?.[1];
    expect(titles(SUMMARY_SHEET)).toBe(`'${SUMMARY_SHEET}'!$${SUMMARY_HEADER_ROW}:$${SUMMARY_HEADER_ROW}`);
    expect(titles("Other Insights")).toBe("'Other Insights'!$1:$1");
    expect(titles(DAILY_SHEET)).toBe(`'${DAILY_SHEET}'!$1:$1`);
  });
});

describe("native charts", async () => {
  const pkg = await readPackage(await buildXlsx(model));
  const planned = model.insights.filter((i) => chartPlan(i, model.theme));
  const chartsSheet = (() => {
    const rel = /<sheet\b[^>]*name="Charts"[^>]*r:id="([^"]+)"\/>/.exec(pkg.text("xl/workbook.xml"))![1];
    return pkg.rels("xl/workbook.xml").get(rel)!.target;
  })();
  const drawing = [...pkg.rels(chartsSheet).values()].find((r) => r.type === "drawing")!;
  const charts = [...pkg.rels(drawing.target).values()].filter((r) => r.type === "chart").map((r) => r.target);

  it("draws one chart for each chart the deck draws, referenced from the Charts sheet's drawing", () => {
    expect(pkg.text(chartsSheet)).toMatch(/<drawing r:id="[^"]+"\/>/);
    expect(charts).toHaveLength(planned.length);
    const types = pkg.text("[Content_Types].xml");
    expect(types).toContain(
      `PartName="/${drawing.target}" ContentType="application/vnd.openxmlformats-officedocument.drawing+xml"`,
    );
    for (const chart of charts) {
      expect(pkg.has(chart), chart).toBe(true);
      expect(types).toContain(
        `PartName="/${chart}" ContentType="application/vnd.openxmlformats-officedocument.drawingml.chart+xml"`,
      );
    }
    for (const part of [chartsSheet, drawing.target, ...charts]) expect(wellFormed(pkg.text(part)), part).toBe(true);
    expect(pkg.text(chartsSheet)).not.toContain('max="16838"');
    // Every anchor points at one of those charts.
    const anchors = all(pkg.text(drawing.target), /<c:chart [^>]*r:id="([^"]+)"/g);
    expect(anchors.map((id) => pkg.rels(drawing.target).get(id)?.target)).toEqual(charts);
  });

  it("draws the expected range as a shaded band under the line, over the daily sheet's cells", async () => {
    const xml = pkg.text(charts[0]);
    expect(xml).toContain('<c:areaChart><c:grouping val="stacked"/>');
    expect(xml).toContain("<c:lineChart>");
    // The band: its lower edge unfilled, its width shaded, then the value and the expected line.
    const formulas = all(xml, /<c:val><c:numRef><c:f>([^<]+)<\/c:f>/g);
    expect(formulas.map((f) => f.replace(/\$\d+/g, ""))).toEqual([
      "'Daily series'!$G:$G",
      "'Daily series'!$I:$I",
      "'Daily series'!$E:$E",
      "'Daily series'!$F:$F",
    ]);
    // The cached numbers are the cells' numbers.
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await buildXlsx(model)) as unknown as ExcelJS.Buffer);
    const ws = book.getWorksheet(DAILY_SHEET)!;
    const first = Number(/\$E\$(\d+):/.exec(formulas[2])![1]);
    const valueSeries = all(xml, /<c:ser>([\s\S]*?)<\/c:ser>/g)[2];
    const cache = /<c:val>([\s\S]*?)<\/c:val>/.exec(valueSeries)![1];
    const points = [...cache.matchAll(/<c:pt idx="(\d+)"><c:v>([^<]+)<\/c:v>/g)];
    expect(points.length).toBeGreaterThan(40);
    for (const [, idx, value] of points)
      expect(ws.getCell(`E${first + Number(idx)}`).value).toBeCloseTo(Number(value), 6);
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
