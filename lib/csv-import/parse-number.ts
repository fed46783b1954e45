// Numbers as exports write them: 1234.5, 1,234.50 (thousands separators), $1,234.50, €12, 12 USD,
// (12.00) for a negative amount, 1.234,50 and 1 234,50 (European), 12.5% (percent), and "--" or
// an empty cell for no value (Google Ads writes "--").

const PLAIN = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const CURRENCY_SYMBOL = /[$€£¥₹₩₽₺₫₱₪¢]/g;

export type NumberCell =
  | { kind: "empty" }
  /** `text`: a plain decimal that PostgreSQL and Number() both read. */
  | { kind: "number"; text: string }
  /** A value written with a percent sign; `text` is the number before the sign. */
  | { kind: "percent"; text: string };

/** The cell's number, or null when it is not one. */
export function parseNumberCell(raw: string): NumberCell | null {
  if (PLAIN.test(raw)) return { kind: "number", text: raw };
  let s = raw.trim();
  if (s === "" || s === "--" || s === "-" || s === "—") return { kind: "empty" };
  if (PLAIN.test(s)) return { kind: "number", text: s };

  let negative = false;
  if (s.startsWith("(") && s.endsWith(")")) {
    negative = true;
    s = s.slice(1, -1).trim();
  }
  // ISO currency codes before or after the amount ("USD 12", "12 EUR"), then symbols and the
  // letters glued to them (CA$, A$, R$).
  s = s.replace(/^[A-Z]{3}\s+/, "").replace(/\s+[A-Z]{3}$/, "");
  // One sign, before or after the currency symbol (-$12, $-12).
  let signed = false;
  const sign = () => {
    if (!/^[+-]/.test(s)) return;
    if (signed) return;
    signed = true;
    negative = negative !== (s[0] === "-");
    s = s.slice(1).trim();
  };
  sign();
  s = s
    .replace(/^[A-Z]{0,2}(?=[$€£¥₹₩₽₺₫₱₪¢])/, "")
    .replace(CURRENCY_SYMBOL, "")
    .trim();
  sign();
  let percent = false;
  if (s.endsWith("%")) {
    percent = true;
    s = s.slice(0, -1).trim();
  }
  // Spaces (also no-break and narrow no-break) and apostrophes group thousands.
  s = s.replace(/[\s\u00a0\u202f']/g, "");
  const comma = s.lastIndexOf(",");
  const dot = s.lastIndexOf(".");
  if (comma !== -1 && dot !== -1) {
    // Both: the last one is the decimal point.
    s = comma > dot ? s.replace(/\./g, "").replace(",", ".") : s.replace(/,/g, "");
  } else if (comma !== -1) {
    // 1,234 and 1,234,567 group thousands (English exports); 12,5 is a decimal comma.
    s = /^\d{1,3}(,\d{3})+$/.test(s) ? s.replace(/,/g, "") : /^\d+,\d+$/.test(s) ? s.replace(",", ".") : s;
  } else if (/^\d{1,3}(\.\d{3}){2,}$/.test(s)) {
    s = s.replace(/\./g, "");
  }
  if (!PLAIN.test(s) || /^[+-]/.test(s)) return null;
  const text = negative ? `-${s}` : s;
  return percent ? { kind: "percent", text } : { kind: "number", text };
}
