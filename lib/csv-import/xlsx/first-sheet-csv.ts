import { SheetRowReader } from "./sheet-rows";
import { readDateStyles, readRelationships, readWorkbook, resolvePart, SharedStringsReader } from "./workbook-parts";
import type { ZipEntry } from "./zip-directory";

// The first sheet of an .xlsx workbook as CSV text, streamed: the parts it needs are read first wherever the zip
// holds them (the workbook, its relationships, styles and shared strings), then the sheet row by row. Isomorphic:
// the caller inflates the entries (zlib on the server, DecompressionStream in a browser).

export interface WorkbookZip {
  entries: ReadonlyMap<string, ZipEntry>;
  /** An entry's inflated content as UTF-8 text, piece by piece. */
  text(entry: ZipEntry): AsyncIterable<string>;
}

export class NotAWorkbookError extends Error {}

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

/** The workbook's first sheet (in its tab order), as the CSV text lib/csv-import reads. */
export async function* firstSheetCsv(zip: WorkbookZip): AsyncGenerator<string> {
  const root = readRelationships((await wholeText(zip, "_rels/.rels")) ?? "");
  const office = [...root.values()].find((t) => /workbook[^/]*\.xml$/i.test(t));
  const workbookPath = office ? resolvePart("", office) : "xl/workbook.xml";
  const workbookXml = await wholeText(zip, workbookPath);
  if (workbookXml === undefined) throw new NotAWorkbookError("no workbook part");
  const workbook = readWorkbook(workbookXml);
  const folder = workbookPath.split("/").slice(0, -1).join("/");
  const relsPath = `${folder ? `${folder}/` : ""}_rels/${workbookPath.split("/").pop()}.rels`;
  const relationships = readRelationships((await wholeText(zip, relsPath)) ?? "");
  const target = workbook.firstSheetId ? relationships.get(workbook.firstSheetId) : undefined;
  let sheet = target ? zip.entries.get(resolvePart(workbookPath, target)) : undefined;
  if (!sheet) {
    const numbered = [...zip.entries.values()]
      .map((e) => ({ e, n: /(^|\/)worksheets\/sheet(\d+)\.xml$/.exec(e.name)?.[2] }))
      .filter((x) => x.n !== undefined)
      .sort((a, b) => Number(a.n) - Number(b.n));
    sheet = numbered[0]?.e;
  }
  if (!sheet) throw new NotAWorkbookError("no sheet");

  const strings = new SharedStringsReader();
  const stringsEntry = zip.entries.get(
    partOf(workbookPath, relationships, "sharedStrings", `${folder}/sharedStrings.xml`),
  );
  if (stringsEntry) for await (const piece of zip.text(stringsEntry)) strings.write(piece);
  const styles = await wholeText(zip, partOf(workbookPath, relationships, "styles", `${folder}/styles.xml`));

  const out: string[] = [];
  const rows = new SheetRowReader(
    { sharedStrings: strings.strings, dateStyles: styles ? readDateStyles(styles) : [], date1904: workbook.date1904 },
    (text) => out.push(text),
  );
  for await (const piece of zip.text(sheet)) {
    rows.write(piece);
    if (out.length > 0) yield out.splice(0).join("");
  }
}
