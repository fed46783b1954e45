import "server-only";
import { Readable } from "node:stream";
import ExcelJS from "exceljs";
import { csvLine } from "@/lib/csv-import/xlsx-cells";
import { DATA_SOURCE_MESSAGES as M } from "@/lib/constants/data-source-messages";
import { AppError } from "../../errors";

/** CSV text gathered before it is handed on. */
const OUT_BYTES = 256 * 1024;

/**
 * The first worksheet of an .xlsx upload as CSV bytes, streamed: ExcelJS reads the workbook's parts as the upload
 * arrives (shared strings first, as Excel writes them) and each row becomes one CSV line
 * (lib/csv-import/xlsx-cells.ts), so the file is then read exactly as a CSV export is.
 */
export async function* xlsxToCsv(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(chunks), {
    sharedStrings: "cache",
    styles: "cache",
    hyperlinks: "ignore",
    worksheets: "emit",
  });
  let out = "";
  let sheets = 0;
  let lines = 0;
  try {
    for await (const sheet of reader) {
      if (sheets++ > 0) continue;
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        // Rows the sheet skips (an empty row) are blank lines, so line numbers stay the sheet's row numbers.
        out += "\n".repeat(Math.max(0, row.number - 1 - lines)) + csvLine(row.values as unknown[]);
        lines = row.number;
        if (out.length >= OUT_BYTES) {
          yield Buffer.from(out, "utf8");
          out = "";
        }
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(415, M.notXlsx, { file: M.notXlsx });
  }
  if (sheets === 0) throw new AppError(415, M.notXlsx, { file: M.notXlsx });
  if (out !== "") yield Buffer.from(out, "utf8");
}
