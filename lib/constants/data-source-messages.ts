import { DIMENSIONS } from "../catalogue/dimensions";
import { STORED_METRICS } from "../catalogue/metrics";
import { MAX_UPLOAD_BYTES } from "./observations";

const MB = Math.round(MAX_UPLOAD_BYTES / (1024 * 1024));
const list = (keys: readonly { key: string }[]) => keys.map((k) => k.key).join(", ");

// Messages of the data sources API and the CSV upload. A CSV error always names the line (and the
// column when there is one) so the user can find it in their file.
export const DATA_SOURCE_MESSAGES = {
  notUploadSource: "Only upload data sources accept CSV files",
  fileRequired: "Please choose a CSV file to upload",
  notMultipart: "Send the file as multipart/form-data in a field named file",
  malformedForm: "The upload could not be read. Please try again",
  fileTooLarge: `The file is larger than ${MB} MB. Split it into several files (for example by date range) and upload each`,
  notCsv: "The file must be a CSV export (or an .xlsx workbook): text with a header row naming its columns",
  notXlsx:
    "The .xlsx file could not be read as a workbook: save it again from Excel (or export the report as CSV) and upload it",
  notUtf8: (line: number) => `Line ${line}: the file is not UTF-8 text. Save it as "CSV UTF-8" and upload it again`,
  emptyFile: "The file is empty: it needs a header row and at least one row of data",
  noRows: "The file has a header row but no data rows",
  dealListTooLarge: (mb: number) =>
    `The deals export is larger than ${mb} MB. Export fewer deals (filter the view by create date) and upload each part`,
  orderListTooLarge: (mb: number) =>
    `The orders export is larger than ${mb} MB. Export fewer orders (filter the orders by date) and upload each part`,
  comparisonTooLarge: (mb: number) =>
    `The Search Console comparison is larger than ${mb} MB, more than its chart of two date ranges holds. Export the Performance report again and upload its Chart.csv as Search Console writes it`,
  periodComparisonTooLarge: (mb: number) =>
    `The export with a comparison period is larger than ${mb} MB, more than is read at once to place both periods' rows. Export it without the comparison (or in shorter ranges) and upload each file`,
  interrupted: "The upload was interrupted before the file was complete. Please try again",
  unknownColumn: (line: number, column: string) =>
    `Line ${line}, column ${column}: unknown column. Upload the file from the data source page to choose what it holds (or Ignore it) in the preview, or name it as in the template: date, ${list(DIMENSIONS)}, ${list(STORED_METRICS)}`,
  unnamedColumn: (line: number, position: number) => `Line ${line}, column ${position}: the column has no name`,
  duplicateColumn: (line: number, column: string) => `Line ${line}, column ${column}: the column appears twice`,
  missingDate: (line: number) => `Line ${line}: the header has no date column`,
  noMetric: (line: number) => `Line ${line}: the header has no metric column (at least one of ${list(STORED_METRICS)})`,
  wrongWidth: (line: number, expected: number, found: number) =>
    `Line ${line}: expected ${expected} columns as in the header, found ${found}`,
  badDate: (line: number, column: string, value: string) =>
    `Line ${line}, column ${column}: "${value}" is not a date (dates such as 2026-01-31, 20260131, 01/31/2026, 31/01/2026 or Jan 31, 2026 are read)`,
  notANumber: (line: number, column: string, value: string) =>
    `Line ${line}, column ${column}: "${value}" is not a number`,
  negative: (line: number, column: string, value: string) =>
    `Line ${line}, column ${column}: "${value}" is negative; ${column} cannot be negative`,
  positionWithoutImpressions: (line: number) => `Line ${line}, column position: a position needs the row's impressions`,
  valueTooLong: (line: number, column: string, max: number) =>
    `Line ${line}, column ${column}: the value is longer than ${max} characters`,
  duplicateRow: (line: number, firstLine: number) =>
    `Line ${line}: the same date and dimension values as line ${firstLine}. Each row must be one date and one combination of dimension values`,
  duplicateRowSplit: (line: number, firstLine: number, split: string[], dimensions: string[]) =>
    `Line ${line}: the same date and dimension values as line ${firstLine}. The file splits its rows by a column that is not imported (${split.length > 0 ? split.join(", ") : "an ad set, an hour or the like"}), so rows that differ only there cannot be told apart: export the report without that breakdown, one row per date${dimensions.length > 0 ? ` and ${dimensions.join(" and ")}` : ""}, and upload it again`,
  syntax: (line: number, detail: string) => `Line ${line}: ${detail}`,
  dataSourceDeleted: "Data source deleted",
} as const;
