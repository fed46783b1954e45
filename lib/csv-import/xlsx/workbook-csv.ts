import { SheetRowReader } from "./sheet-rows";
import { readDateStyles, readRelationships, readWorkbook, resolvePart, SharedStringsReader } from "./workbook-parts";
import type { ZipEntry } from "./zip-directory";

// A sheet of an .xlsx workbook as CSV text, streamed: the parts it needs are read first wherever the zip holds them
// (the workbook, its relationships, styles and shared strings), then the sheet row by row. Isomorphic: the caller
// inflates the entries (zlib on the server, DecompressionStream in a browser).

export interface WorkbookZip {
  entries: ReadonlyMap<string, ZipEntry>;
  /** An entry's inflated content as UTF-8 text, piece by piece. */
  text(entry: ZipEntry): AsyncIterable<string>;
}

export class NotAWorkbookError extends Error {}

export interface WorkbookSheet {
  name: string;
  entry: ZipEntry;
  hidden: boolean;
}

/** A workbook opened for reading its sheets: the sheets in tab order and what their cells are read with. */
export interface OpenWorkbook {
  sheets: WorkbookSheet[];
  sharedStrings: string[];
  dateStyles: boolean[];
  date1904: boolean;
}

async function wholeText(zip: WorkbookZip, name: string): Promise<string | undefined> {
  const entry = zip.entries.get(name);
  if (!entry) return undefined;
  let text = "";
  for await (const piece of zip.text(entry)) text += piece;
  return text;
}

/** The part a relationship of `from` of this kind points at (`sharedStrings`, `styles`), or the usual path. */
function partOf(from: string, relationships: Map<string, string>, kind: string, usual: string): string {
  const pattern = new RegExp(`(^|/)${kind}[^/]*\\.xml$`, "i");
  const target = [...relationships.values()].find((t) => pattern.test(t));
  return target ? resolvePart(from, target) : usual;
}

/** The workbook's sheets (in its tab order), its shared strings, date styles and date system. */
export async function openWorkbook(zip: WorkbookZip): Promise<OpenWorkbook> {
  const root = readRelationships((await wholeText(zip, "_rels/.rels")) ?? "");
  const office = [...root.values()].find((t) => /workbook[^/]*\.xml$/i.test(t));
  const workbookPath = office ? resolvePart("", office) : "xl/workbook.xml";
  const workbookXml = await wholeText(zip, workbookPath);
  if (workbookXml === undefined) throw new NotAWorkbookError("no workbook part");
  const workbook = readWorkbook(workbookXml);
  const folder = workbookPath.split("/").slice(0, -1).join("/");
  const relsPath = `${folder ? `${folder}/` : ""}_rels/${workbookPath.split("/").pop()}.rels`;
  const relationships = readRelationships((await wholeText(zip, relsPath)) ?? "");
  const sheets: WorkbookSheet[] = [];
  for (const sheet of workbook.sheets) {
    const target = sheet.id ? relationships.get(sheet.id) : undefined;
    const entry = target ? zip.entries.get(resolvePart(workbookPath, target)) : undefined;
    if (entry) sheets.push({ name: sheet.name, entry, hidden: sheet.hidden });
  }
  if (sheets.length === 0) {
    // A workbook whose relationships do not lead to its sheets: its sheet parts by number.
    const numbered = [...zip.entries.values()]
      .map((e) => ({ e, n: /(^|\/)worksheets\/sheet(\d+)\.xml$/.exec(e.name)?.[2] }))
      .filter((x) => x.n !== undefined)
      .sort((a, b) => Number(a.n) - Number(b.n));
    for (const { e, n } of numbered) sheets.push({ name: `Sheet${n}`, entry: e, hidden: false });
  }
  if (sheets.length === 0) throw new NotAWorkbookError("no sheet");

  const strings = new SharedStringsReader();
  const stringsEntry = zip.entries.get(
    partOf(workbookPath, relationships, "sharedStrings", `${folder}/sharedStrings.xml`),
  );
  if (stringsEntry) for await (const piece of zip.text(stringsEntry)) strings.write(piece);
  const styles = await wholeText(zip, partOf(workbookPath, relationships, "styles", `${folder}/styles.xml`));
  return {
    sheets,
    sharedStrings: strings.strings,
    dateStyles: styles ? readDateStyles(styles) : [],
    date1904: workbook.date1904,
  };
}

/** One sheet of an opened workbook as the CSV text lib/csv-import reads, as it inflates. */
export async function* sheetCsv(zip: WorkbookZip, book: OpenWorkbook, sheet: WorkbookSheet): AsyncGenerator<string> {
  const out: string[] = [];
  const rows = new SheetRowReader(
    { sharedStrings: book.sharedStrings, dateStyles: book.dateStyles, date1904: book.date1904 },
    (text) => out.push(text),
  );
  for await (const piece of zip.text(sheet.entry)) {
    rows.write(piece);
    if (out.length > 0) yield out.splice(0).join("");
  }
}

/** The start of a sheet's CSV text: its first `chars` characters, and whether that is all of it. */
export async function sheetStart(
  zip: WorkbookZip,
  book: OpenWorkbook,
  sheet: WorkbookSheet,
  chars: number,
): Promise<{ text: string; complete: boolean }> {
  let text = "";
  for await (const piece of sheetCsv(zip, book, sheet)) {
    text += piece;
    // Leaving the loop stops the sheet's inflating: the rest of it is not read.
    if (text.length > chars) return { text: text.slice(0, chars), complete: false };
  }
  return { text, complete: true };
}
