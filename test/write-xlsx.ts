import ExcelJS from "exceljs";
import JSZip from "jszip";

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

/**
 * A workbook zipped from the parts given, in the order given (Excel writes the shared strings and styles after the
 * sheets), for tests of the reader against SpreadsheetML as other writers emit it. The content types and the
 * package relationship are added when missing.
 */
export async function zipWorkbook(parts: [name: string, xml: string][]): Promise<Buffer> {
  const zip = new JSZip();
  const names = new Set(parts.map(([name]) => name));
  if (!names.has("[Content_Types].xml"))
    zip.file(
      "[Content_Types].xml",
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>`,
    );
  if (!names.has("_rels/.rels"))
    zip.file(
      "_rels/.rels",
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    );
  for (const [name, xml] of parts) zip.file(name, xml);
  return zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
}
