// Which mark a column's numbers write their decimals with, told by the file itself. Exports downloaded in a UI
// language other than English write "1.234,56 €", "12 345,6" or "62,5 %" (French, German, Spanish, Portuguese,
// Italian, Dutch), and may still be comma-separated with quoted cells; English ones write "1,234.56". Most cells tell
// their mark ("12,5", "1.234,56", "0,125", "1.234.567"); "1,234" and "1.234" alone do not (a thousand and more, or
// one and a bit). A column is read with the mark its own cells show, else the one the file's other numbers show,
// else the separator's (a semicolon-separated file is a spreadsheet's in a locale that writes decimal commas). A
// column whose cells show both marks cannot be read and is refused, naming both cells.

export type DecimalMark = "comma" | "point";

/** The mark a cell shows it writes decimals with, or null when it does not tell (or is no number). */
export function decimalEvidence(raw: string): DecimalMark | null {
  // Most cells are whole numbers: without either mark a cell tells nothing (the reading asks every numeric cell).
  if (raw.indexOf(".") === -1 && raw.indexOf(",") === -1) return null;
  const plain = oneMarkEvidence(raw);
  if (plain !== undefined) return plain;
  // Digits and the two marks only: spaces (also no-break ones) and apostrophes group thousands either way.
  if (!/\d/.test(raw)) return null;
  const s = raw.replace(/[^\d.,]/g, "");
  if (!/^[\d.,]+$/.test(s) || !/^\d/.test(s.replace(/^[.,]/, "0"))) return null;
  const comma = s.lastIndexOf(",");
  const dot = s.lastIndexOf(".");
  if (comma !== -1 && dot !== -1) return comma > dot ? "comma" : "point";
  const mark = comma !== -1 ? "," : dot !== -1 ? "." : null;
  if (mark === null) return null;
  const other: DecimalMark = mark === "," ? "point" : "comma";
  const own: DecimalMark = mark === "," ? "comma" : "point";
  const parts = s.split(mark);
  // Two marks of one kind group thousands ("1.234.567", "1,234,567", India's "1,23,456").
  if (parts.length > 2) return other;
  const [whole, fraction] = parts;
  // A group of three after one to three digits may be either; "0,125" or ",5" is a decimal.
  if (fraction.length === 3 && whole.length >= 1 && whole.length <= 3 && !/^0+$/.test(whole)) return null;
  return own;
}

/**
 * `decimalEvidence` of a cell of digits and one mark ("49.90", "12,5", "1.234"), read without a regular expression
 * or a copy; undefined for any other cell (the general reading then tells).
 */
function oneMarkEvidence(raw: string): DecimalMark | null | undefined {
  let at = -1;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c >= 0x30 && c <= 0x39) continue;
    if ((c !== 0x2e && c !== 0x2c) || at !== -1) return undefined;
    at = i;
  }
  if (at === -1 || raw.length === 1) return null;
  const fraction = raw.length - at - 1;
  if (fraction === 3 && at >= 1 && at <= 3) {
    for (let i = 0; i < at; i++) if (raw.charCodeAt(i) !== 0x30) return null;
  }
  return raw.charCodeAt(at) === 0x2c ? "comma" : "point";
}

export interface ColumnMark {
  decimalComma: boolean;
  /** The column's cells show both marks: the first cell of each (its line). */
  conflict?: { point: { line: number; raw: string }; comma: { line: number; raw: string } };
}

/**
 * Each column's decimal mark from the sample's rows (`lines` are the rows' lines), for `columns` (the others get the
 * file's). `fallbackComma`: the separator's mark when no cell of the file tells.
 */
export function columnMarks(
  rows: readonly (readonly string[])[],
  lines: readonly number[],
  width: number,
  columns: readonly number[],
  fallbackComma: boolean,
): ColumnMark[] {
  const first: ({ line: number; raw: string } | undefined)[][] = Array.from({ length: width }, () => [
    undefined,
    undefined,
  ]);
  for (const i of columns)
    for (let r = 0; r < rows.length; r++) {
      const raw = (rows[r][i] ?? "").trim();
      const mark = raw === "" ? null : decimalEvidence(raw);
      if (mark === null) continue;
      const slot = mark === "point" ? 0 : 1;
      first[i][slot] ??= { line: lines[r], raw };
      if (first[i][0] && first[i][1]) break;
    }
  const told = columns.map((i) => first[i]).filter(([p, c]) => Boolean(p) !== Boolean(c));
  const points = told.filter(([p]) => p).length;
  const commas = told.length - points;
  // The file's mark: its columns' when they agree, else the separator's.
  const fileComma = points > 0 && commas === 0 ? false : commas > 0 && points === 0 ? true : fallbackComma;
  return first.map(([point, comma]) => {
    if (point && comma) return { decimalComma: fileComma, conflict: { point, comma } };
    if (point) return { decimalComma: false };
    if (comma) return { decimalComma: true };
    return { decimalComma: fileComma };
  });
}
