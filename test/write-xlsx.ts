import ExcelJS from "exceljs";

/**
 * Writes a one-sheet workbook as Excel saves a report (dates as date cells, numbers as numbers), streamed row by row
 * so a hundred thousand rows stay small in memory. For tests and the bench that upload .xlsx files.
 */
export async function writeXlsxRows(
  filename: string,
  header: readonly string[],
  rows: Iterable<readonly (string | number | Date)[]>,
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename });
  const sheet = workbook.addWorksheet("Report");
  sheet.addRow([...header]).commit();
  for (const row of rows) sheet.addRow([...row]).commit();
  sheet.commit();
  await workbook.commit();
}
