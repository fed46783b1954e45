import { decodeHead } from "@/lib/csv-import/encoding";
import { PREVIEW_BYTES, readExport, type ExportReading } from "@/lib/csv-import/read-export";
import { isXlsx } from "@/lib/csv-import/xlsx-cells";
import { readXlsxStart } from "./read-xlsx-start";

/**
 * Reads the start of the file exactly as the importer will (lib/csv-import/read-export.ts, on the same first bytes):
 * its encoding, tables, dates and grain, from its first PREVIEW_BYTES only (a 200 MB file answers at once). The
 * wizard's hook (use-csv-mapping.ts) proposes the mapping from it; the bench times it on a large file. Free of React.
 */
export async function readFileStart(file: File): Promise<ExportReading> {
  const start = new Uint8Array(await file.slice(0, PREVIEW_BYTES).arrayBuffer());
  if (isXlsx(start)) {
    const { bytes, complete, sheetNote } = await readXlsxStart(file, PREVIEW_BYTES);
    const { text, encoding } = decodeHead(bytes, complete);
    const reading = readExport(text, { complete, encoding });
    if (sheetNote) reading.notes.unshift(sheetNote);
    return reading;
  }
  const complete = file.size <= PREVIEW_BYTES;
  const { text, encoding } = decodeHead(start, complete);
  if (text.includes("\u0000")) throw new Error("The file is not text: choose the CSV export (or an .xlsx workbook)");
  return readExport(text, { complete, encoding });
}
