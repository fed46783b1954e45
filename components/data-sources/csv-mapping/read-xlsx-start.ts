"use client";

import { firstSheetCsv, type WorkbookZip } from "@/lib/csv-import/xlsx/first-sheet-csv";
import { entryDataStart, readZipDirectory, type ZipEntry } from "@/lib/csv-import/xlsx/zip-directory";

const NOT_A_WORKBOOK =
  "The .xlsx file could not be read as a workbook: save it again from Excel (or export the report as CSV)";

/**
 * The start of an .xlsx workbook's first sheet as the CSV bytes the importer reads from it: the same reader
 * (lib/csv-import/xlsx/first-sheet-csv.ts) as server/exports/xlsx/sheet-to-csv.ts, on the File's own byte ranges,
 * inflated by the browser (DecompressionStream), and only until `bytes` of CSV are there.
 */
export async function readXlsxStart(file: File, bytes: number): Promise<{ bytes: Uint8Array; complete: boolean }> {
  const read = async (start: number, length: number) =>
    new Uint8Array(await file.slice(start, start + length).arrayBuffer());
  let out = "";
  let more = false;
  try {
    const zip: WorkbookZip = {
      entries: await readZipDirectory(file.size, read),
      async *text(entry: ZipEntry) {
        const start = await entryDataStart(entry, read);
        const raw = file.slice(start, start + entry.compressedSize).stream();
        const inflated = entry.method === 8 ? raw.pipeThrough(new DecompressionStream("deflate-raw")) : raw;
        const reader = inflated.pipeThrough(new TextDecoderStream("utf-8")).getReader();
        try {
          for (let next = await reader.read(); !next.done; next = await reader.read()) yield next.value;
        } finally {
          // The preview stops at its first bytes of CSV: the rest of the sheet is not inflated.
          await reader.cancel().catch(() => undefined);
        }
      },
    };
    for await (const text of firstSheetCsv(zip)) {
      out += text;
      // A character is at most 3 bytes in UTF-8: past that much text the start is all there.
      if (out.length > bytes) {
        more = true;
        break;
      }
    }
  } catch {
    throw new Error(NOT_A_WORKBOOK);
  }
  const encoded = new TextEncoder().encode(out);
  return { bytes: encoded.subarray(0, bytes), complete: !more && encoded.length <= bytes };
}
