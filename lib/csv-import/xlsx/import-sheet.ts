import { PREVIEW_BYTES, readExport } from "../read-export";
import { openWorkbook, sheetCsv, sheetStart, type WorkbookSheet, type WorkbookZip } from "./workbook-csv";

// Which sheet of a workbook an upload imports, decided the same way in the wizard's preview and the importer.
// Tools that export .xlsx put their day-by-day table after others: Search Console's workbook has Queries, Pages,
// Countries, Devices before its Dates (or starts with Chart in its newer layout), Universal Analytics' a Summary and
// the report's table (Dataset1) before the Day Index series (Dataset2). So the sheet read is the first, in tab order,
// whose start reads as a table of dates and metrics (lib/csv-import/read-export.ts); when none does, the first
// sheet, whose reading says why it cannot be imported.

export interface ChosenSheet {
  sheet: WorkbookSheet;
  /** What the summary and the preview say when the sheet read is not the workbook's first. */
  note: string | null;
}

export async function chooseSheet(
  zip: WorkbookZip,
  book: Awaited<ReturnType<typeof openWorkbook>>,
): Promise<ChosenSheet> {
  const first = book.sheets[0];
  if (book.sheets.length === 1) return { sheet: first, note: null };
  const visible = book.sheets.filter((s) => !s.hidden);
  const passed: WorkbookSheet[] = [];
  for (const sheet of visible.length > 0 ? visible : book.sheets) {
    const { text, complete } = await sheetStart(zip, book, sheet, PREVIEW_BYTES);
    const reading = readExport(text, { complete });
    if (reading.table && !reading.refusal) return { sheet, note: sheet === first ? null : sheetNote(sheet, passed) };
    passed.push(sheet);
  }
  return { sheet: first, note: null };
}

const quoted = (sheets: readonly WorkbookSheet[]) => sheets.map((s) => `“${s.name}”`).join(", ");

function sheetNote(sheet: WorkbookSheet, passed: readonly WorkbookSheet[]): string {
  return (
    `Sheet “${sheet.name}” of the workbook imported: the first with a date column and metrics` +
    (passed.length > 0 ? ` (${quoted(passed)} ${passed.length === 1 ? "has" : "have"} none; not imported)` : "")
  );
}

/** The sheet of the workbook an upload imports (`chooseSheet`), as CSV text, streamed; `onSheet` is told which. */
export async function* importedSheetCsv(
  zip: WorkbookZip,
  onSheet?: (chosen: ChosenSheet) => void,
): AsyncGenerator<string> {
  const book = await openWorkbook(zip);
  const chosen = await chooseSheet(zip, book);
  onSheet?.(chosen);
  yield* sheetCsv(zip, book, chosen.sheet);
}
