"use client";

import { csvLine } from "@/lib/csv-import/xlsx-cells";

/**
 * The start of an .xlsx workbook's first sheet as the CSV bytes the importer reads from it
 * (server/exports/xlsx/sheet-to-csv.ts writes the same lines): ExcelJS is loaded only when a workbook
 * is chosen, and only the first `bytes` of its CSV are kept.
 */
export async function readXlsxStart(file: File, bytes: number): Promise<{ bytes: Uint8Array; complete: boolean }> {
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(await file.arrayBuffer());
  } catch {
    throw new Error(
      "The .xlsx file could not be read as a workbook: save it again from Excel (or export the report as CSV)",
    );
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error("The workbook has no sheet");
  let out = "";
  let lines = 0;
  let more = false;
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    if (more) return;
    out += "\n".repeat(Math.max(0, number - 1 - lines)) + csvLine(row.values as unknown[]);
    lines = number;
    // A character is at most 3 bytes in UTF-8: past that much text the start is all there.
    if (out.length > bytes) more = true;
  });
  const encoded = new TextEncoder().encode(out);
  return { bytes: encoded.subarray(0, bytes), complete: !more && encoded.length <= bytes };
}
