import { exportByDay, type Tool } from "../csv-import/guidance";
import { GRAIN_WORDS, type Grain } from "../csv-import/grain";

// Why the reading of an export refuses it, and what to export instead (lib/csv-import/read-export.ts). Each names the
// line (and the column) the reason is seen on, as every CSV message does.

const at = (line: number, column?: string) => (column ? `Line ${line}, column ${column}` : `Line ${line}`);
/** How Search Console exports a range by day: without Compare, its chart table. */
const COMPARE_OFF =
  "In Search Console, turn Compare off in the date filter, choose one date range, export again and upload its Chart.csv (Dates.csv in older exports), which has one row per day; export each range so if you need both";
const days = (n: number) => `${n.toLocaleString("en")} day${n === 1 ? "" : "s"}`;

export const EXPORT_MESSAGES = {
  allTime: (line: number, tool: Tool | null) =>
    `${at(line)}: the report covers All time and has no day column: each row is a total over the whole account history, not a day. ${exportByDay(tool)}`,
  rangeTotals: (line: number, span: { start: string; end: string; days: number } | null, tool: Tool | null) =>
    `${at(line)}: the table has no date column: each row sums ${span ? `${days(span.days)} (${span.start} to ${span.end})` : "the report's whole range"}, not one day. ${exportByDay(tool)}`,
  spanTotals: (line: number, column: string, span: { start: string; end: string; days: number }, tool: Tool | null) =>
    `${at(line, column)}: each row sums ${days(span.days)} (${span.start} to ${span.end}), not one day, week or month. ${exportByDay(tool)}`,
  needsStartDate: (line: number, column: string) =>
    `${at(line, column)}: the numbers count from the report's start date, which the file does not state (GA4 writes it above the table as "# Start date: 20260101"). Download the report again as GA4 writes it, or with the Date dimension`,
  needsYear: (line: number, column: string) =>
    `${at(line, column)}: week and month numbers need their year, and the report spans more than one. Add the Year dimension (ISO year for ISO weeks) and download the report again`,
  dayOfMonth: (line: number, column: string) =>
    `${at(line, column)}: this Day is the day of the month (01 to 31), not a date. Add the Date dimension and download the report again`,
  dayOfWeek: (line: number, column: string, value: string, tool: Tool | null) =>
    `${at(line, column)}: "${value}" is a day of the week, not a date: each row sums every ${value} of the report's range. ${exportByDay(tool)}`,
  noData: (line: number, value: string) =>
    `${at(line)}: the export holds no data ("${value}"): the report's range and filters have no results. Choose a range with results and export the report again`,
  mixedGrain: (
    line: number,
    column: string,
    value: string,
    grain: Grain,
    otherLine: number,
    other: string,
    otherGrain: Grain,
  ) =>
    `${at(line, column)}: "${value}" is a ${GRAIN_WORDS[grain].noun} but line ${otherLine} ("${other}") is a ${GRAIN_WORDS[otherGrain].noun}: the file mixes ${GRAIN_WORDS[grain].adjective} and ${GRAIN_WORDS[otherGrain].adjective} rows. Export the report at one grain (by day, week or month) and upload it again`,
  offGrain: (line: number, column: string, value: string, grain: Grain, otherLine: number, other: string) =>
    `${at(line, column)}: ${value} does not start a ${GRAIN_WORDS[grain].noun} as ${other} (line ${otherLine}) does: the file mixes ${GRAIN_WORDS[grain].adjective} rows with others. Export the report at one grain (by day, week or month) and upload it again`,
  datesOffGrain: (column: string, value: string, grain: Grain, other: string) =>
    `Column ${column}: ${value} does not start a ${GRAIN_WORDS[grain].noun} as ${other} does: the file mixes ${GRAIN_WORDS[grain].adjective} rows with others. Export the report at one grain (by day, week or month) and upload it again`,
  exactDuplicate: (line: number, first: number) =>
    `${at(line)}: the same row as line ${first}, cell for cell. Remove one of them (the file may hold an export twice) and upload it again`,
  comparisonTotals: (line: number, labels: readonly [string, string]) =>
    `${at(line)}: the table compares two date ranges (${labels[0]} with ${labels[1]}) and has no date column: each row is a total over each range, not one day. ${COMPARE_OFF}`,
  comparisonWithoutDays: (line: number, labels: readonly [string, string]) =>
    `${at(line)}: the table compares ${labels[0]} with ${labels[1]}, and its rows do not say which day of ${labels[1]} each one's figures are. ${COMPARE_OFF} (or compare two Custom ranges: the export then names each range's dates)`,
  comparisonDateOutside: (line: number, column: string, date: string, labels: readonly [string, string]) =>
    `${at(line, column)}: ${date} is in neither compared range (${labels[0]}, ${labels[1]}). ${COMPARE_OFF}`,
  comparisonOverlap: (line: number, date: string, otherLine: number) =>
    `${at(line)}: ${date} is in both compared ranges with other figures than on line ${otherLine}. ${COMPARE_OFF}`,
  periodOverlap: (line: number, date: string, otherLine: number) =>
    `${at(line)}: ${date} is in both compared periods with other figures than on line ${otherLine}. Export the report without a comparison (or each period as a file of its own) and upload it again`,
  mixedDecimalMarks: (column: string, point: { line: number; raw: string }, comma: { line: number; raw: string }) =>
    `Line ${comma.line}, column ${column}: "${comma.raw}" writes its decimals with a comma, but line ${point.line} ("${point.raw}") writes them with a point: the column cannot be read one way. Export the report again in one language (the tool's display language sets how it writes numbers) and upload it unchanged`,
  unknownLanguageColumns: (line: number, language: string, columns: readonly string[]) =>
    `${at(line, columns[0])}: the header looks like ${language}, and ${columns.length === 1 ? `${columns[0]} is` : `${columns.slice(0, 3).join(", ")}${columns.length > 3 ? ", …" : ""} are`} not among the names the reports know in ${language}. Choose what each column holds in the upload's preview, or set the tool's display language to English, download the report again and upload it`,
  dealsWithoutDays: (line: number, missing: readonly string[]) =>
    `${at(line)}: a HubSpot deals export without ${missing.join(" and ")}: deals are counted on the day they were created, and as won on their Close Date when their stage is won. In HubSpot, export the deals again with the Create Date, Close Date, Deal Stage and Amount properties (Export → the properties in your view, or all properties) and upload that file`,
  noDataTable: (line: number) =>
    `${at(line)}: the file has no table of dates and metrics to import: a header naming its columns, then one row per date`,
  otherGrain: (sourceGrain: Grain, fileGrain: Grain) =>
    `This data source holds ${GRAIN_WORDS[sourceGrain].adjective} data and the file is ${GRAIN_WORDS[fileGrain].adjective}: upload it as a new data source (a source keeps one grain)`,
  tooManyToAdd: (line: number, max: number) =>
    `${at(line)}: more than ${max.toLocaleString("en")} distinct dates and dimension values to add up. Export a shorter date range (or fewer breakdowns) and upload each part`,
} as const;
