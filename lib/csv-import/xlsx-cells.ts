// An .xlsx workbook's first sheet as the CSV text an export would be: each cell as its tool wrote it (a number in
// full, a date as YYYY-MM-DD, rich text and formulas as their text and result), quoted where CSV needs it, so a
// spreadsheet upload is read by the very rules a CSV is (lib/csv-import/read-export.ts). Used by the importer
// (streaming the workbook) and by the wizard's preview (loading it in the browser).

/** The first bytes of a zip archive, as .xlsx files are. */
export const XLSX_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

export const isXlsx = (head: Uint8Array) => XLSX_SIGNATURE.every((b, i) => head[i] === b);

const pad = (n: number) => String(n).padStart(2, "0");

/** A cell's value as text (ExcelJS's cell value: a string, a number, a Date, rich text, a formula, a hyperlink). */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return "";
    const day = `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
    const time = value.getUTCHours() * 60 + value.getUTCMinutes();
    return time === 0 ? day : `${day} ${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}`;
  }
  if (typeof value === "object") {
    const v = value as { richText?: { text: string }[]; result?: unknown; text?: unknown; error?: string };
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text).join("");
    if ("result" in v) return cellText(v.result);
    if ("text" in v) return cellText(v.text);
    if (v.error) return "";
  }
  return String(value);
}

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

function quoted(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One row of cells (ExcelJS's `row.values`: 1-based, holes for empty cells) as a CSV line with its line break. */
export function csvLine(values: readonly unknown[] | Record<string, unknown>): string {
  const cells = Array.isArray(values) ? values : [undefined, ...Object.values(values)];
  let last = cells.length - 1;
  while (last >= 1 && cellText(cells[last]) === "") last--;
  let line = "";
  for (let i = 1; i <= last; i++) line += (i > 1 ? "," : "") + quoted(cellText(cells[i]));
  return `${line}\n`;
}
