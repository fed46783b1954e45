import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DATA_SOURCE_MESSAGES as M } from "@/lib/constants/data-source-messages";
import { readFileStart } from "@/components/data-sources/csv-mapping/read-file-start";
import { readXlsxStart } from "@/components/data-sources/csv-mapping/read-xlsx-start";
import { xlsxToCsv } from "@/server/exports/xlsx/sheet-to-csv";
import { resetDatabase } from "@/test/db";
import { countObservations, uploadCsv, uploadWorld } from "@/test/data-source-fixtures";
import { writeXlsxRows, zipWorkbook } from "@/test/write-xlsx";

// The .xlsx reader (server/exports/xlsx/sheet-to-csv.ts, lib/csv-import/xlsx/): a workbook's tab as the CSV lines the
// importer reads (the first with dates and metrics, else the first). The workbooks here are written part by part as
// Excel lays them out (the sheets before the shared strings and styles, a second sheet that is not the first tab,
// date styles built in and custom, the 1904 date system, namespace prefixes as the .NET writers put them). These are
// tests of the converter: no real .xlsx export is in ../shared/real-exports, so the upload test below is an .xlsx
// written by ExcelJS from a real CSV's rows.

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const MAIN = `xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"`;

const workbookXml = (date1904 = false) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<workbook ${MAIN}><workbookPr${date1904 ? ' date1904="1"' : ""} defaultThemeVersion="166925"/><sheets><sheet name="Report" sheetId="2" r:id="rId2"/><sheet name="Other" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const workbookRels = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="/xl/worksheets/sheet2.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/><Relationship Id="rId4" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`;
const other = `<worksheet ${MAIN}><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>not this sheet</t></is></c></row></sheetData></worksheet>`;
const report = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet ${MAIN}><dimension ref="A1:F8"/><cols><col min="1" max="1" width="12" customWidth="1"/></cols><sheetData>
<row r="1" spans="1:6"><c r="A1" t="s"><v>0</v></c></row>
<row r="3" spans="1:6"><c r="A3" t="s"><v>1</v></c><c r="B3" t="s"><v>2</v></c><c r="C3" t="s"><v>3</v></c><c r="D3" t="s"><v>4</v></c><c r="E3" t="s"><v>5</v></c><c r="F3" t="s"><v>6</v></c></row>
<row r="4" spans="1:6"><c r="A4" s="1"><v>45292</v></c><c r="B4" t="inlineStr"><is><t>Summer, sale</t></is></c><c r="C4" s="2"><v>12.5</v></c><c r="D4"><f>SUM(1,2)</f><v>3</v></c><c r="E4" t="b"><v>1</v></c><c r="F4" t="e"><v>#DIV/0!</v></c></row>
<row r="5" spans="1:6"><c r="A5" s="3"><v>45293.5</v></c><c r="B5" t="str"><v>He said "hi" &amp; left</v></c><c r="C5"><v>1.5E-3</v></c><c r="F5" t="inlineStr"><is><r><t>x</t></r><r><rPr><b/></rPr><t xml:space="preserve"> y</t></r></is></c></row>
<row r="6" spans="1:6"/>
<row r="7"><c t="s"><v>0</v></c><c><v>7</v></c></row>
<row r="8"><c r="A8"><v>1</v></c><c r="B8" s="2"/></row>
</sheetData><mergeCells count="1"><mergeCell ref="A1:F1"/></mergeCells><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>`;
const styles = `<styleSheet ${MAIN}><numFmts count="2"><numFmt numFmtId="164" formatCode="dd/mm/yyyy\\ hh:mm"/><numFmt numFmtId="165" formatCode="&quot;US$&quot;#,##0.00"/></numFmts><cellStyleXfs count="1"><xf numFmtId="14"/></cellStyleXfs><cellXfs count="4"><xf numFmtId="0" fontId="0" xfId="0"/><xf numFmtId="14" fontId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" xfId="0" applyNumberFormat="1"><alignment horizontal="right"/></xf><xf numFmtId="164" xfId="0" applyNumberFormat="1"/></cellXfs></styleSheet>`;
const sharedStrings = `<sst ${MAIN} count="8" uniqueCount="7"><si><t>Report: Ads &amp; more</t></si><si><t xml:space="preserve">Day</t></si><si><r><rPr><b/><sz val="11"/></rPr><t>Cam</t></r><r><t>paign</t></r></si><si><t>Cost</t></si><si><t>Clicks</t></si><si><t>Active</t></si><si><t>Note</t><rPh sb="0" eb="4"><t>ノート</t></rPh></si></sst>`;

/** The parts in Excel's order: the workbook, the sheets, then styles and shared strings. */
const parts = (sheet = report, date1904 = false): [string, string][] => [
  ["xl/workbook.xml", workbookXml(date1904)],
  ["xl/_rels/workbook.xml.rels", workbookRels],
  ["xl/worksheets/sheet1.xml", other],
  ["xl/worksheets/sheet2.xml", sheet],
  ["xl/styles.xml", styles],
  ["xl/sharedStrings.xml", sharedStrings],
];

async function csvOf(bytes: Buffer): Promise<string> {
  let text = "";
  for await (const chunk of xlsxToCsv(
    (async function* () {
      // As an upload arrives: in pieces.
      for (let i = 0; i < bytes.length; i += 1000) yield bytes.subarray(i, i + 1000);
    })(),
  ))
    text += chunk.toString("utf8");
  return text;
}

const EXPECTED = [
  "Report: Ads & more",
  "",
  "Day,Campaign,Cost,Clicks,Active,Note",
  '2024-01-01,"Summer, sale",12.5,3,TRUE',
  '2024-01-02 12:00,"He said ""hi"" & left",0.0015,,,x y',
  "",
  "Report: Ads & more,7",
  "1",
  "",
].join("\n");

// The reader's temporary copies go to this file's own folder (os.tmpdir() reads TMPDIR), so another process's
// imports never show here.
const originalTmp = process.env.TMPDIR;
let tmp = "";
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "xlsx-import-test-"));
  process.env.TMPDIR = tmp;
});
afterAll(() => {
  process.env.TMPDIR = originalTmp;
  if (originalTmp === undefined) delete process.env.TMPDIR;
  fs.rmSync(tmp, { recursive: true, force: true });
});
const leftovers = () => fs.readdirSync(tmp).filter((n) => n.startsWith("funnelwise-xlsx-"));

describe("an .xlsx workbook's first tab as CSV", () => {
  it("reads each cell as it shows: shared and inline strings, date styles, numbers in full, booleans; rows by number", async () => {
    expect(await csvOf(await zipWorkbook(parts()))).toBe(EXPECTED);
  });

  it("counts serials from 1904 in a workbook of the 1904 date system", async () => {
    const csv = await csvOf(await zipWorkbook(parts(report, true)));
    const day = (serial: number) => new Date(Date.UTC(1904, 0, 1) + serial * 86_400_000).toISOString().slice(0, 10);
    expect(csv.split("\n")[3].split(",")[0]).toBe(day(45292));
    expect(csv.split("\n")[4].split(",")[0]).toBe(`${day(45293)} 12:00`);
  });

  it("reads elements with a namespace prefix (x:row, x:c) as the .NET writers put them", async () => {
    const prefixed = report
      .replace(
        /<(\/?)(worksheet|sheetData|dimension|cols|col|row|c|v|f|is|r|rPr|b|t|mergeCells|mergeCell|pageMargins)\b/g,
        "<$1x:$2",
      )
      .replace(`xmlns="`, `xmlns:x="`);
    expect(await csvOf(await zipWorkbook(parts(prefixed)))).toBe(EXPECTED);
  });

  it("the wizard's preview reads the same lines from the file's own byte ranges, and stops at its start", async () => {
    const preview = async (bytes: Buffer, limit: number) => {
      const start = await readXlsxStart(new File([bytes as BlobPart], "report.xlsx"), limit);
      return { text: new TextDecoder().decode(start.bytes), complete: start.complete };
    };
    const small = await zipWorkbook(parts());
    expect(await preview(small, 64 * 1024)).toEqual({ text: EXPECTED, complete: true });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "xlsx-test-"));
    const file = path.join(dir, "long.xlsx");
    const day = (i: number) => new Date(Date.UTC(2024, 0, 1 + Math.floor(i / 10)));
    await writeXlsxRows(
      file,
      ["Day", "Campaign", "Cost"],
      Array.from({ length: 5000 }, (_, i) => [day(i), `C ${i % 10}`, i / 4]),
    );
    const long = fs.readFileSync(file);
    const whole = await csvOf(long);
    const start = await preview(long, 10_000);
    expect(start.complete).toBe(false);
    expect(start.text).toBe(whole.slice(0, 10_000));
    expect(whole.split("\n")[1]).toBe("2024-01-01,C 0,0");
    await expect(preview(Buffer.from("PK\u0003\u0004 not a zip"), 1000)).rejects.toThrow(
      /could not be read as a workbook/,
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("refuses what is not a workbook (a zip of something else, a cut-off file) and leaves no temporary copy", async () => {
    const notWorkbook = await zipWorkbook([["word/document.xml", "<document/>"]]);
    await expect(csvOf(notWorkbook)).rejects.toMatchObject({ status: 415, message: M.notXlsx });
    const whole = await zipWorkbook(parts());
    await expect(csvOf(whole.subarray(0, whole.length - 200))).rejects.toMatchObject({ status: 415 });
    expect(leftovers()).toEqual([]);
  });
});

/**
 * A workbook laid out as Universal Analytics exports one (github.com/DanielTheC/internal-lnking-tool, "Analytics All
 * Web Site Data Pages 20220701-20220731.xlsx"): a Summary tab, the report's table (Dataset1, no date), then its Day
 * Index series (Dataset2, date cells). Search Console's workbook is alike: Queries, Pages... before Dates.
 */
function uaWorkbook(days = 31) {
  const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
  const sheet = (rows: string[]) =>
    `<worksheet ${MAIN}><sheetData>${rows.map((r, i) => `<row r="${i + 1}">${r}</row>`).join("")}</sheetData></worksheet>`;
  const summary = sheet([inline("A1", "All Web Site Data"), inline("A2", "Pages"), inline("A3", "20220701-20220731")]);
  const pages = sheet([
    inline("A1", "Page") + inline("B1", "Pageviews"),
    inline("A2", "/gaming") + `<c r="B2"><v>4311</v></c>`,
    inline("A3", "/") + `<c r="B3"><v>2877</v></c>`,
  ]);
  const series = sheet([
    inline("A1", "Day Index") + inline("B1", "Pageviews"),
    ...Array.from(
      { length: days },
      (_, i) => `<c r="A${i + 2}" s="1"><v>${44743 + i}</v></c><c r="B${i + 2}"><v>${1000 + i}</v></c>`,
    ),
  ]);
  const workbook = `<workbook ${MAIN}><workbookPr/><sheets><sheet state="visible" name="Summary" sheetId="1" r:id="rId3"/><sheet state="visible" name="Dataset1" sheetId="2" r:id="rId4"/><sheet state="visible" name="Dataset2" sheetId="3" r:id="rId5"/></sheets></workbook>`;
  const rels = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId4" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet2.xml"/><Relationship Id="rId5" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet3.xml"/></Relationships>`;
  return zipWorkbook([
    ["xl/workbook.xml", workbook],
    ["xl/_rels/workbook.xml.rels", rels],
    ["xl/worksheets/sheet1.xml", summary],
    ["xl/worksheets/sheet2.xml", pages],
    ["xl/worksheets/sheet3.xml", series],
    ["xl/styles.xml", styles],
  ]);
}
const UA_SHEET_NOTE =
  "Sheet “Dataset2” of the workbook imported: the first with a date column and metrics (“Summary”, “Dataset1” have none; not imported)";

describe("the sheet an .xlsx upload imports", () => {
  it("is the first whose table has dates and metrics, in the preview and the importer alike", async () => {
    const bytes = await uaWorkbook();
    const csv = await csvOf(bytes);
    expect(csv.split("\n").slice(0, 3)).toEqual(["Day Index,Pageviews", "2022-07-01,1000", "2022-07-02,1001"]);
    const reading = await readFileStart(new File([bytes as BlobPart], "Analytics Pages.xlsx"));
    expect(reading.refusal).toBeNull();
    expect(reading.notes[0]).toBe(UA_SHEET_NOTE);
    expect(reading.table!.periods).toMatchObject({ first: "2022-07-01", last: "2022-07-31", grain: "day" });
  });

  it("is the first sheet, with its reason, when no sheet has dates", async () => {
    const bytes = await zipWorkbook(parts(other));
    const reading = await readFileStart(new File([bytes as BlobPart], "other.xlsx"));
    expect(reading.refusal).not.toBeNull();
    expect(reading.notes.some((n) => n.startsWith("Sheet "))).toBe(false);
  });
});

describe("an .xlsx upload", () => {
  beforeEach(resetDatabase);

  it("imports the workbook's sheet of dates (Universal Analytics' Dataset2 after its Summary and table)", async () => {
    const { main, sourceId } = await uploadWorld();
    const res = await uploadCsv(sourceId, main.token, await uaWorkbook(), "Analytics Pages.xlsx", XLSX_TYPE);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      rows: 31,
      dateRange: { start: "2022-07-01", end: "2022-07-31" },
      grain: "day",
      metrics: ["pageviews"],
      totals: { pageviews: 31 * 1000 + (30 * 31) / 2 },
    });
    expect(res.body.notes[0]).toBe(UA_SHEET_NOTE);
    expect(await countObservations(sourceId)).toBe(31);
  });

  it("imports as its CSV does: Search Console's Dates rows written as a workbook (date cells, numbers)", async () => {
    const csv = fs.readFileSync(
      path.resolve(import.meta.dirname, "../../shared/real-exports/files/gsc-dates-daily-365d-page-filter.csv"),
      "utf8",
    );
    const [header, ...lines] = csv.trim().split(/\r?\n/);
    const rows = lines.map((line) => {
      const [date, clicks, impressions, ctr, position] = line.split(",");
      const [y, m, d] = date.split("-").map(Number);
      return [new Date(Date.UTC(y, m - 1, d)), Number(clicks), Number(impressions), ctr, Number(position)];
    });
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "xlsx-test-")), "Dates.xlsx");
    await writeXlsxRows(file, header.split(","), rows);

    const { main, sourceId } = await uploadWorld();
    const res = await uploadCsv(sourceId, main.token, fs.readFileSync(file), "Dates.xlsx", XLSX_TYPE);
    expect(res.status).toBe(200);
    const sum = (k: number) => rows.reduce((s, r) => s + (r[k] as number), 0);
    expect(res.body).toMatchObject({
      rows: 365,
      dateRange: { start: "2024-07-12", end: "2025-07-11" },
      grain: "day",
      metrics: ["impressions", "clicks", "position"],
      totals: { clicks: sum(1), impressions: sum(2) },
    });
    expect(await countObservations(sourceId)).toBe(365);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });

  it("a workbook refused on its start writes nothing and leaves no temporary copy", async () => {
    const { main, sourceId } = await uploadWorld();
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "xlsx-test-")), "names.xlsx");
    // Past the start the reading decides on (PREVIEW_BYTES of CSV): the reader is still open when the file is refused.
    await writeXlsxRows(
      file,
      ["Name", "Sessions"],
      Array.from({ length: 40_000 }, (_, i) => [`Page ${i}`, i]),
    );
    const res = await uploadCsv(sourceId, main.token, fs.readFileSync(file), "names.xlsx", XLSX_TYPE);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Line 1: the table has no date column/);
    expect(await countObservations(sourceId)).toBe(0);
    expect(leftovers()).toEqual([]);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });
});
