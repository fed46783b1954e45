"use client";

import { importedSheetCsv, type ChosenSheet } from "@/lib/csv-import/xlsx/import-sheet";
import type { WorkbookZip } from "@/lib/csv-import/xlsx/workbook-csv";
import { entryDataStart, readZipDirectory, type ZipEntry } from "@/lib/csv-import/xlsx/zip-directory";

const NOT_A_WORKBOOK =
  "The .xlsx file could not be read as a workbook: save it again from Excel (or export the report as CSV)";

/**
 * The start of the .xlsx workbook's sheet the importer reads (lib/csv-import/xlsx/import-sheet.ts: the first with
 * dates and metrics) as CSV bytes: the same reader as server/exports/xlsx/sheet-to-csv.ts, on the File's own byte
 * ranges, inflated by the browser (DecompressionStream), and only until `bytes` of CSV are there; `sheetNote` says
 * which sheet when it is not the first.
 */
export async function readXlsxStart(
  file: File,
  bytes: number,
): Promise<{ bytes: Uint8Array; complete: boolean; sheetNote: string | null }> {
  const read = async (start: number, length: number) =>
    new Uint8Array(await file.slice(start, start + length).arrayBuffer());
  let out = "";
  let more = false;
  let chosen: ChosenSheet | undefined;
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
    for await (const text of importedSheetCsv(zip, (c) => (chosen = c))) {
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
  return {
    bytes: encoded.subarray(0, bytes),
    complete: !more && encoded.length <= bytes,
    sheetNote: chosen?.note ?? null,
  };
}
