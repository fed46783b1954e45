// The small parts of an .xlsx workbook the first sheet is read with: which part is the first sheet
// (workbook.xml and its relationships), the date system (1900 or 1904), which cell styles are dates
// (styles.xml), and the shared strings. Read with regular expressions over SpreadsheetML, which is
// machine-written and regular; element names may carry a namespace prefix (`x:row`), as some writers
// emit them.

const ENTITY = /&(?:#x([0-9a-fA-F]+)|#(\d+)|(amp|lt|gt|quot|apos));/g;
const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** XML text with its character and entity references replaced. */
export function xmlText(text: string): string {
  if (text.indexOf("&") < 0) return text;
  return text.replace(ENTITY, (_, hex: string, dec: string, name: string) =>
    name ? NAMED[name] : String.fromCodePoint(parseInt(hex ?? dec, hex ? 16 : 10)),
  );
}

/** An attribute's value in a tag's attribute text, or undefined. */
export function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(attributes);
  return match ? xmlText(match[1] ?? match[2]) : undefined;
}

const P = "(?:[\\w.-]+:)?";
/** The opening tags `<name ...>` (or `<name .../>`) of an element, their attribute text in group 1. */
const tags = (name: string) => new RegExp(`<${P}${name}(\\s[^>]*?)?\\/?>`, "g");

/** The text of a string item (a shared string or an inline string): its runs' `<t>`, phonetic hints left out. */
const PHONETIC = new RegExp(`<${P}rPh\\b[\\s\\S]*?<\\/${P}rPh>`, "g");
const TEXT = new RegExp(`<${P}t(?:\\s[^>]*)?>([\\s\\S]*?)<\\/${P}t>`, "g");
export function stringItemText(inner: string): string {
  const xml = inner.indexOf("rPh") >= 0 ? inner.replace(PHONETIC, "") : inner;
  let text = "";
  TEXT.lastIndex = 0;
  for (let m = TEXT.exec(xml); m; m = TEXT.exec(xml)) text += m[1];
  return xmlText(text);
}

export interface WorkbookInfo {
  date1904: boolean;
  /** The workbook's sheets in its tab order: their names, relationship ids, and whether they are hidden. */
  sheets: { name: string; id: string | undefined; hidden: boolean }[];
}

export function readWorkbook(xml: string): WorkbookInfo {
  const pr = tags("workbookPr").exec(xml);
  const date1904 = pr ? /^(1|true)$/i.test(attribute(pr[1] ?? "", "date1904") ?? "") : false;
  const sheets: WorkbookInfo["sheets"] = [];
  const re = tags("sheet");
  for (let m = re.exec(xml); m; m = re.exec(xml)) {
    const attributes = m[1] ?? "";
    sheets.push({
      name: attribute(attributes, "name") ?? "",
      id: attribute(attributes, "r:id"),
      hidden: /hidden/i.test(attribute(attributes, "state") ?? ""),
    });
  }
  return { date1904, sheets };
}

/** A relationships part's targets by id. */
export function readRelationships(xml: string): Map<string, string> {
  const targets = new Map<string, string>();
  const re = tags("Relationship");
  for (let m = re.exec(xml); m; m = re.exec(xml)) {
    const id = attribute(m[1] ?? "", "Id");
    const target = attribute(m[1] ?? "", "Target");
    if (id && target) targets.set(id, target);
  }
  return targets;
}

/** A part's path from a relationship target written relative to the folder of `from` (or absolute). */
export function resolvePart(from: string, target: string): string {
  const parts = target.startsWith("/") ? [] : from.split("/").slice(0, -1);
  for (const piece of target.replace(/^\//, "").split("/")) {
    if (piece === "..") parts.pop();
    else if (piece !== "." && piece !== "") parts.push(piece);
  }
  return parts.join("/");
}

/** Excel's built-in number formats that show a date or a time (ECMA-376 18.8.30), those of East Asian locales too. */
const BUILT_IN_DATES = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47,
]);
for (let id = 50; id <= 58; id++) BUILT_IN_DATES.add(id);

/** A format code shows a date or time when, past its quoted text and bracketed parts, it has a date or time part. */
export function isDateFormat(code: string): boolean {
  return /[ymdhsb]/i.test(
    code
      .replace(/\[[^\]]*]/g, "")
      .replace(/"[^"]*"/g, "")
      .replace(/\\./g, ""),
  );
}

/** For each cell style (`s` of a cell, the index into cellXfs), whether its number format is a date. */
export function readDateStyles(xml: string): boolean[] {
  const custom = new Map<number, string>();
  const numFmts = tags("numFmt");
  for (let m = numFmts.exec(xml); m; m = numFmts.exec(xml)) {
    const id = Number(attribute(m[1] ?? "", "numFmtId"));
    custom.set(id, attribute(m[1] ?? "", "formatCode") ?? "");
  }
  const section = new RegExp(`<${P}cellXfs\\b[^>]*>([\\s\\S]*?)<\\/${P}cellXfs>`).exec(xml);
  if (!section) return [];
  const dates: boolean[] = [];
  const xfs = tags("xf");
  for (let m = xfs.exec(section[1]); m; m = xfs.exec(section[1])) {
    const id = Number(attribute(m[1] ?? "", "numFmtId") ?? 0);
    const code = custom.get(id);
    dates.push(code !== undefined ? isDateFormat(code) : BUILT_IN_DATES.has(id));
  }
  return dates;
}

const ITEM = new RegExp(`<${P}si(?:\\s[^>]*)?(?:\\/>|>([\\s\\S]*?)<\\/${P}si>)`, "g");

/** The shared strings part read as it inflates: each `<si>` item's text, in order. */
export class SharedStringsReader {
  readonly strings: string[] = [];
  private pending = "";

  write(text: string): void {
    const xml = this.pending + text;
    let end = 0;
    ITEM.lastIndex = 0;
    for (let m = ITEM.exec(xml); m; m = ITEM.exec(xml)) {
      this.strings.push(m[1] === undefined ? "" : stringItemText(m[1]));
      end = ITEM.lastIndex;
    }
    this.pending = xml.slice(end);
  }
}
