// Adds the Charts sheet's native charts to the package exceljs wrote (exceljs writes no charts, ADR 0022): one chart
// part per chart (chart-xml.ts), a drawing that anchors them to the sheet's cells, and the relationships and content
// types that tie them together, as Excel itself lays them out (xl/charts, xl/drawings, the sheet's `<drawing>`).
import JSZip from "jszip";
import { chartXml } from "../charts/chart-xml";
import type { PlacedChart } from "./charts-sheet";

const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const DRAWING_TYPE = "application/vnd.openxmlformats-officedocument.drawing+xml";
const CHART_TYPE = "application/vnd.openxmlformats-officedocument.drawingml.chart+xml";
const DRAWING_REL_ID = "rIdFunnelwiseCharts";

export interface WorkbookChartStyle {
  font: string;
  text: string;
  muted: string;
  grid: string;
}

const esc = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] as string);

/** The worksheet part of a sheet, by its name (workbook.xml names it, its rels give the part). */
async function sheetPart(zip: JSZip, name: string): Promise<string> {
  const workbook = await zip.file("xl/workbook.xml")!.async("string");
  const sheet = [...workbook.matchAll(/<sheet\b[^>]*\/>/g)]
    .map((m) => m[0])
    .find((s) => s.includes(`name="${esc(name)}"`));
  const relId = sheet && /\br:id="([^"]+)"/.exec(sheet)?.[1];
  const rels = await zip.file("xl/_rels/workbook.xml.rels")!.async("string");
  const rel = [...rels.matchAll(/<Relationship\b[^>]*\/>/g)].map((m) => m[0]).find((r) => r.includes(`Id="${relId}"`));
  const target = rel && /\bTarget="([^"]+)"/.exec(rel)?.[1];
  if (!target) throw new Error(`no worksheet part for sheet ${name}`);
  return target.startsWith("/") ? target.slice(1) : `xl/${target}`;
}

const nextNumber = (zip: JSZip, pattern: RegExp) =>
  Object.keys(zip.files).reduce((max, path) => Math.max(max, Number(pattern.exec(path)?.[1] ?? 0)), 0) + 1;

function anchorXml(chart: PlacedChart, k: number, relId: string): string {
  const { fromRow, toRow, fromCol, toCol } = chart.anchor;
  const at = (col: number, row: number) =>
    `<xdr:col>${col}</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>${row}</xdr:row><xdr:rowOff>0</xdr:rowOff>`;
  return (
    `<xdr:twoCellAnchor editAs="oneCell"><xdr:from>${at(fromCol, fromRow)}</xdr:from><xdr:to>${at(toCol, toRow)}</xdr:to>` +
    `<xdr:graphicFrame macro=""><xdr:nvGraphicFramePr><xdr:cNvPr id="${k + 2}" name="Chart ${k + 1}" ` +
    `descr="${esc(chart.altText)}"/><xdr:cNvGraphicFramePr/></xdr:nvGraphicFramePr>` +
    `<xdr:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/></xdr:xfrm><a:graphic>` +
    `<a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/chart">` +
    `<c:chart xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" r:id="${relId}"/>` +
    `</a:graphicData></a:graphic></xdr:graphicFrame><xdr:clientData/></xdr:twoCellAnchor>`
  );
}

/** Elements a worksheet may hold after `<drawing>`, in the schema's order: the drawing goes before the first. */
const AFTER_DRAWING = [
  "<legacyDrawing",
  "<legacyDrawingHF",
  "<drawingHF",
  "<picture",
  "<oleObjects",
  "<controls",
  "<webPublishItems",
  "<tableParts",
  "<extLst",
  "</worksheet>",
];

function withDrawing(raw: string): string {
  // exceljs writes a page break's last column as 16838; the sheet's last column index is 16383.
  const sheetXml = raw.replace(/(<brk\b[^>]*\bmax=")16838"/g, '$116383"');
  const at = Math.min(...AFTER_DRAWING.map((tag) => sheetXml.indexOf(tag)).filter((i) => i >= 0));
  let xml = `${sheetXml.slice(0, at)}<drawing r:id="${DRAWING_REL_ID}"/>${sheetXml.slice(at)}`;
  if (!/<worksheet\b[^>]*\sxmlns:r=/.test(xml)) xml = xml.replace("<worksheet", `<worksheet xmlns:r="${REL}"`);
  return xml;
}

function withRelationship(rels: string | undefined, rel: string): string {
  if (!rels)
    return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rel}</Relationships>`;
  return rels.replace("</Relationships>", `${rel}</Relationships>`);
}

/** The package with the charts drawn on their sheet; unchanged when there are none. */
export async function addNativeCharts(
  xlsx: Buffer,
  sheetName: string,
  charts: PlacedChart[],
  style: WorkbookChartStyle,
): Promise<Buffer> {
  if (charts.length === 0) return xlsx;
  const zip = await JSZip.loadAsync(xlsx);
  const sheet = await sheetPart(zip, sheetName);
  const drawingNo = nextNumber(zip, /^xl\/drawings\/drawing(\d+)\.xml$/);
  const firstChart = nextNumber(zip, /^xl\/charts\/chart(\d+)\.xml$/);
  const overrides: string[] = [
    `<Override PartName="/xl/drawings/drawing${drawingNo}.xml" ContentType="${DRAWING_TYPE}"/>`,
  ];
  const drawingRels: string[] = [];
  const anchors: string[] = [];
  charts.forEach((chart, k) => {
    const n = firstChart + k;
    const relId = `rId${k + 1}`;
    zip.file(
      `xl/charts/chart${n}.xml`,
      chartXml(chart.plan, {
        refs: chart.refs,
        categoriesAs: chart.dates ? "dates" : "text",
        valueFormat: chart.valueFormat,
        font: style.font,
        colors: { text: style.text, muted: style.muted, grid: style.grid },
        sizes: { title: 12, axis: 9, legend: 9 },
      }),
    );
    overrides.push(`<Override PartName="/xl/charts/chart${n}.xml" ContentType="${CHART_TYPE}"/>`);
    drawingRels.push(`<Relationship Id="${relId}" Type="${REL}/chart" Target="../charts/chart${n}.xml"/>`);
    anchors.push(anchorXml(chart, k, relId));
  });
  zip.file(
    `xl/drawings/drawing${drawingNo}.xml`,
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
      '<xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing" ' +
      `xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="${REL}">${anchors.join("")}</xdr:wsDr>`,
  );
  zip.file(`xl/drawings/_rels/drawing${drawingNo}.xml.rels`, withRelationship(undefined, drawingRels.join("")));

  const sheetRels = sheet.replace(/([^/]+)$/, "_rels/$1.rels");
  zip.file(
    sheetRels,
    withRelationship(
      await zip.file(sheetRels)?.async("string"),
      `<Relationship Id="${DRAWING_REL_ID}" Type="${REL}/drawing" Target="../drawings/drawing${drawingNo}.xml"/>`,
    ),
  );
  zip.file(sheet, withDrawing(await zip.file(sheet)!.async("string")));
  const types = await zip.file("[Content_Types].xml")!.async("string");
  zip.file("[Content_Types].xml", types.replace("</Types>", `${overrides.join("")}</Types>`));
  return zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE", compressionOptions: { level: 6 } });
}
