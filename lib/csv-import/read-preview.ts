import { CsvParser } from "./csv-parser";
import { isPreambleRecord } from "./preamble";

export interface CsvPreview {
  /** The header's line in the file (after GA4's `#` lines and a report's title lines). */
  headerLine: number;
  headers: string[];
  /** Up to `sampleRows` data rows: the preview shows the first few, date detection reads them all. */
  rows: string[][];
  /** Each row's line in the file, for messages that name it as the importer would. */
  lines: number[];
}

/** Thrown when the start of a file holds no header to map. */
export class CsvPreviewError extends Error {}

/**
 * Reads the start of a file (the browser passes the first few hundred KB) as the importer will:
 * the same parser, the same preamble rule. A record cut off at the end of `text` is left out.
 */
export function readPreview(text: string, { sampleRows = 500, complete = false } = {}): CsvPreview {
  let headers: string[] | undefined;
  let headerLine = 0;
  const rows: string[][] = [];
  const lines: number[] = [];
  const parser = new CsvParser((fields, line) => {
    if (!headers) {
      if (isPreambleRecord(fields)) return;
      headers = fields.map((f) => f.trim());
      headerLine = line;
    } else if (rows.length < sampleRows) {
      rows.push(fields);
      lines.push(line);
    }
  });
  try {
    parser.write(text);
    if (complete) parser.end();
  } catch (error) {
    // A syntax error past the header still lets the preview show what came before it; the
    // importer names its line.
    if (!headers) throw new CsvPreviewError(error instanceof Error ? error.message : String(error));
  }
  if (!headers) throw new CsvPreviewError("The file has no header row: a line naming its columns");
  return { headerLine, headers, rows, lines };
}
