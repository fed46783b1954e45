// A chart plan written as a DrawingML chart part (`<c:chartSpace>`), the one native chart format Excel, PowerPoint,
// LibreOffice and Google's viewers all read. exceljs writes no charts and pptxgenjs cannot draw a band (its combo
// charts are among the parts PowerPoint repairs), so both exports write their charts here (ADR 0022): the same
// elements in the schema's order, every series with its cell formula and a cache of its numbers (viewers draw the
// cache; editing the cells redraws it), one category and one value axis whose ids every plot names.
import type { ChartPlan, PlannedSeries } from "./chart-plan";

export interface ChartRefs {
  /** The category cells, as a formula ("'Daily series'!$D$2:$D$61", "Sheet1!$A$2:$A$61"). */
  categories: string;
  /** One formula per plan series, in the plan's order. */
  series: string[];
  /** The cell holding each series' name; null writes the name itself. */
  seriesNames?: (string | null)[];
  /** The band's lower edge and its width (upper minus lower edge), stacked as two areas. */
  band?: { low: string; width: string; names?: [string | null, string | null] };
}

export interface ChartXmlOptions {
  refs: ChartRefs;
  /** Days as the workbook's date cells (serial numbers, shown "d mmm"), or as the plan's labels. */
  categoriesAs: "dates" | "text";
  /** The value axis' number format (Excel's code). */
  valueFormat: string;
  font: string;
  colors: { text: string; muted: string; grid: string };
  /** Font sizes in points. */
  sizes: { title: number; axis: number; legend: number };
  /** The relationship id of the embedded workbook holding the numbers (PowerPoint's charts). */
  externalDataId?: string;
}

const CAT_AX = 500100;
const VAL_AX = 500200;
const BAND_ALPHA = 22_000;

const esc = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] as string);

/** An Excel date serial (days since 1899-12-30) for a calendar day. */
export function excelSerial(day: string): number {
  return Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 86_400_000 + 25_569;
}

const num = (v: number) => (Number.isInteger(v) ? String(v) : String(Number(v.toPrecision(12))));

function textProps(size: number, color: string, font: string, bold = false): string {
  return (
    `<c:txPr><a:bodyPr/><a:lstStyle/><a:p><a:pPr><a:defRPr sz="${Math.round(size * 100)}" b="${bold ? 1 : 0}">` +
    `<a:solidFill><a:srgbClr val="${color}"/></a:solidFill><a:latin typeface="${esc(font)}"/></a:defRPr></a:pPr>` +
    `<a:endParaRPr lang="en-US"/></a:p></c:txPr>`
  );
}

function title(text: string, o: ChartXmlOptions): string {
  const size = Math.round(o.sizes.title * 100);
  const run = `<a:solidFill><a:srgbClr val="${o.colors.text}"/></a:solidFill><a:latin typeface="${esc(o.font)}"/>`;
  return (
    `<c:title><c:tx><c:rich><a:bodyPr/><a:lstStyle/><a:p><a:pPr><a:defRPr sz="${size}" b="1">${run}</a:defRPr>` +
    `</a:pPr><a:r><a:rPr lang="en-US" sz="${size}" b="1">${run}</a:rPr><a:t>${esc(text)}</a:t></a:r></a:p></c:rich>` +
    `</c:tx><c:overlay val="0"/></c:title><c:autoTitleDeleted val="0"/>`
  );
}

function seriesName(name: string, ref: string | null | undefined): string {
  if (!ref) return `<c:tx><c:v>${esc(name)}</c:v></c:tx>`;
  return (
    `<c:tx><c:strRef><c:f>${esc(ref)}</c:f><c:strCache><c:ptCount val="1"/>` +
    `<c:pt idx="0"><c:v>${esc(name)}</c:v></c:pt></c:strCache></c:strRef></c:tx>`
  );
}

function categories(plan: ChartPlan, o: ChartXmlOptions): string {
  const ref = `<c:f>${esc(o.refs.categories)}</c:f>`;
  if (o.categoriesAs === "dates" && plan.days) {
    const pts = plan.days.map((d, i) => `<c:pt idx="${i}"><c:v>${excelSerial(d)}</c:v></c:pt>`).join("");
    return (
      `<c:cat><c:numRef>${ref}<c:numCache><c:formatCode>mmm d, yyyy</c:formatCode>` +
      `<c:ptCount val="${plan.days.length}"/>${pts}</c:numCache></c:numRef></c:cat>`
    );
  }
  const pts = plan.labels.map((l, i) => `<c:pt idx="${i}"><c:v>${esc(l)}</c:v></c:pt>`).join("");
  return `<c:cat><c:strRef>${ref}<c:strCache><c:ptCount val="${plan.labels.length}"/>${pts}</c:strCache></c:strRef></c:cat>`;
}

function values(ref: string, data: (number | null)[]): string {
  // A missing value is a point left out of the cache (a gap), never an empty or NaN one.
  const pts = data
    .map((v, i) => (v === null || !Number.isFinite(v) ? "" : `<c:pt idx="${i}"><c:v>${num(v)}</c:v></c:pt>`))
    .join("");
  return (
    `<c:val><c:numRef><c:f>${esc(ref)}</c:f><c:numCache><c:formatCode>General</c:formatCode>` +
    `<c:ptCount val="${data.length}"/>${pts}</c:numCache></c:numRef></c:val>`
  );
}

const solid = (color: string, alpha?: number) =>
  `<a:solidFill><a:srgbClr val="${color}">${alpha === undefined ? "" : `<a:alpha val="${alpha}"/>`}</a:srgbClr></a:solidFill>`;

const noLine = "<a:ln><a:noFill/></a:ln>";

function lineSeries(s: PlannedSeries, idx: number, plan: ChartPlan, o: ChartXmlOptions, k: number): string {
  const width = s.role === "value" ? 28_575 : 19_050;
  const dash = s.dashed ? '<a:prstDash val="dash"/>' : "";
  return (
    `<c:ser><c:idx val="${idx}"/><c:order val="${idx}"/>${seriesName(s.name, o.refs.seriesNames?.[k])}` +
    `<c:spPr><a:ln w="${width}" cap="rnd">${solid(s.color)}${dash}<a:round/></a:ln></c:spPr>` +
    `<c:marker><c:symbol val="none"/></c:marker>${categories(plan, o)}${values(o.refs.series[k], s.values)}` +
    `<c:smooth val="0"/></c:ser>`
  );
}

function barSeries(s: PlannedSeries, idx: number, plan: ChartPlan, o: ChartXmlOptions, k: number): string {
  const negatives = s.negativeColor
    ? s.values
        .map((v, i) =>
          v !== null && v < 0
            ? `<c:dPt><c:idx val="${i}"/><c:invertIfNegative val="0"/><c:bubble3D val="0"/>` +
              `<c:spPr>${solid(s.negativeColor!)}${noLine}</c:spPr></c:dPt>`
            : "",
        )
        .join("")
    : "";
  // A few bars carry their numbers, so a bar is never read off the gridlines alone.
  const labels =
    plan.labels.length <= 12
      ? `<c:dLbls><c:numFmt formatCode="${esc(o.valueFormat)}" sourceLinked="0"/>` +
        `<c:spPr><a:noFill/>${noLine}</c:spPr>${textProps(o.sizes.axis, o.colors.text, o.font)}` +
        `<c:dLblPos val="outEnd"/><c:showLegendKey val="0"/><c:showVal val="1"/><c:showCatName val="0"/>` +
        `<c:showSerName val="0"/><c:showPercent val="0"/><c:showBubbleSize val="0"/></c:dLbls>`
      : "";
  return (
    `<c:ser><c:idx val="${idx}"/><c:order val="${idx}"/>${seriesName(s.name, o.refs.seriesNames?.[k])}` +
    `<c:spPr>${solid(s.color)}${noLine}</c:spPr><c:invertIfNegative val="0"/>${negatives}${labels}` +
    `${categories(plan, o)}${values(o.refs.series[k], s.values)}</c:ser>`
  );
}

/** The band as two stacked areas: an invisible one up to the lower edge, and the shaded width above it. */
function bandPlot(plan: ChartPlan, o: ChartXmlOptions): string {
  const band = plan.band!;
  const refs = o.refs.band!;
  const width = bandWidths(plan);
  const area = (
    idx: number,
    name: string,
    nameRef: string | null | undefined,
    fill: string,
    ref: string,
    data: (number | null)[],
  ) =>
    `<c:ser><c:idx val="${idx}"/><c:order val="${idx}"/>${seriesName(name, nameRef)}<c:spPr>${fill}${noLine}</c:spPr>` +
    `${categories(plan, o)}${values(ref, data)}</c:ser>`;
  return (
    `<c:areaChart><c:grouping val="stacked"/><c:varyColors val="0"/>` +
    area(0, `${band.name} (lower edge)`, refs.names?.[0], "<a:noFill/>", refs.low, band.low) +
    area(1, band.name, refs.names?.[1], solid(band.color, BAND_ALPHA), refs.width, width) +
    `<c:axId val="${CAT_AX}"/><c:axId val="${VAL_AX}"/></c:areaChart>`
  );
}

function axes(plan: ChartPlan, o: ChartXmlOptions): string {
  const horizontal = plan.type === "bar" && plan.horizontal === true;
  const axisLine = `<c:spPr><a:ln w="9525">${solid(o.colors.grid)}</a:ln></c:spPr>`;
  const dates = o.categoriesAs === "dates" && plan.days ? '<c:numFmt formatCode="mmm d" sourceLinked="0"/>' : "";
  const cat =
    `<c:catAx><c:axId val="${CAT_AX}"/><c:scaling><c:orientation val="${horizontal ? "maxMin" : "minMax"}"/></c:scaling>` +
    `<c:delete val="0"/><c:axPos val="${horizontal ? "l" : "b"}"/>${dates}<c:majorTickMark val="none"/>` +
    `<c:minorTickMark val="none"/><c:tickLblPos val="low"/>${axisLine}${textProps(o.sizes.axis, o.colors.muted, o.font)}` +
    `<c:crossAx val="${VAL_AX}"/><c:crosses val="autoZero"/><c:auto val="0"/><c:lblAlgn val="ctr"/>` +
    `<c:lblOffset val="100"/><c:noMultiLvlLbl val="0"/></c:catAx>`;
  const val =
    `<c:valAx><c:axId val="${VAL_AX}"/><c:scaling><c:orientation val="minMax"/></c:scaling><c:delete val="0"/>` +
    `<c:axPos val="${horizontal ? "b" : "l"}"/><c:majorGridlines><c:spPr><a:ln w="6350">${solid(o.colors.grid)}</a:ln>` +
    `</c:spPr></c:majorGridlines><c:numFmt formatCode="${esc(o.valueFormat)}" sourceLinked="0"/>` +
    `<c:majorTickMark val="none"/><c:minorTickMark val="none"/><c:tickLblPos val="nextTo"/>` +
    `<c:spPr>${noLine}</c:spPr>${textProps(o.sizes.axis, o.colors.muted, o.font)}<c:crossAx val="${CAT_AX}"/>` +
    // Sideways bars list the first segment at the top: the value axis then crosses at the far (bottom) end.
    `<c:crosses val="${horizontal ? "max" : "autoZero"}"/><c:crossBetween val="between"/></c:valAx>`;
  return cat + val;
}

function legend(plan: ChartPlan, o: ChartXmlOptions): string {
  const entries = (plan.band ? 1 : 0) * 2 + plan.series.length;
  if (entries < 2) return "";
  // The band's invisible lower area is no entry of its own.
  const hidden = plan.band ? '<c:legendEntry><c:idx val="0"/><c:delete val="1"/></c:legendEntry>' : "";
  return (
    `<c:legend><c:legendPos val="b"/>${hidden}<c:overlay val="0"/>` +
    `${textProps(o.sizes.legend, o.colors.muted, o.font)}</c:legend>`
  );
}

/** The chart part's XML for a plan, its numbers referenced from the cells `refs` names. */
export function chartXml(plan: ChartPlan, o: ChartXmlOptions): string {
  if (o.refs.series.length !== plan.series.length) throw new Error("chartXml: one reference per series");
  if (plan.band && !o.refs.band) throw new Error("chartXml: a band needs its references");
  const first = plan.band ? 2 : 0;
  const axisIds = `<c:axId val="${CAT_AX}"/><c:axId val="${VAL_AX}"/>`;
  const plots =
    plan.type === "line"
      ? (plan.band ? bandPlot(plan, o) : "") +
        `<c:lineChart><c:grouping val="standard"/><c:varyColors val="0"/>` +
        plan.series.map((s, k) => lineSeries(s, first + k, plan, o, k)).join("") +
        `<c:marker val="1"/>${axisIds}</c:lineChart>`
      : `<c:barChart><c:barDir val="${plan.horizontal ? "bar" : "col"}"/><c:grouping val="clustered"/>` +
        `<c:varyColors val="0"/>${plan.series.map((s, k) => barSeries(s, k, plan, o, k)).join("")}` +
        `<c:gapWidth val="${plan.series.length > 1 ? 80 : 60}"/>${axisIds}</c:barChart>`;
  const external = o.externalDataId
    ? `<c:externalData r:id="${esc(o.externalDataId)}"><c:autoUpdate val="0"/></c:externalData>`
    : "";
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<c:chartSpace xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" ' +
    'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" ' +
    'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
    '<c:date1904 val="0"/><c:lang val="en-US"/><c:roundedCorners val="0"/>' +
    `<c:chart>${title(plan.title, o)}<c:plotArea><c:layout/>${plots}${axes(plan, o)}` +
    `<c:spPr><a:noFill/>${noLine}</c:spPr></c:plotArea>${legend(plan, o)}<c:plotVisOnly val="1"/>` +
    `<c:dispBlanksAs val="gap"/></c:chart><c:spPr>${solid("FFFFFF")}${noLine}</c:spPr>` +
    `${textProps(o.sizes.axis, o.colors.text, o.font)}${external}</c:chartSpace>`
  );
}

/** The band's width per day (upper minus lower edge), as the cells behind it hold it. */
export function bandWidths(plan: ChartPlan): (number | null)[] {
  if (!plan.band) return [];
  return plan.band.low.map((low, i) => {
    const high = plan.band!.high[i];
    return low === null || high === null ? null : Math.max(0, high - low);
  });
}
