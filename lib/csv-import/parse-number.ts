// Numbers as exports write them: 1234.5, 1,234.50 and 1,23,456 (thousands separators), $1,234.50, US$1.92, €12,
// ₹1,234, INR 1,234, 12 USD, Rs. 1,234, kr 1 234,50, (12.00) for a negative amount, 1.234,50 and 1 234,50
// (European), 12.5% (percent); "--", "-", "N/A" or an empty cell for no value (Google Ads writes " --"); "< 10%" and
// "> 90%" for a bound Google Ads gives instead of a value (impression shares), which is no value either.

const PLAIN = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const CURRENCY_SYMBOL = /[$€£¥₹₩₽₺₫₱₪¢₴₦฿₡₲]/g;
const THOUSANDS_DOTS = /^\d{1,3}(?:\.\d{3})+$/;
/** Cells that hold no value: Google Ads' "--", spreadsheets' errors, "N/A". */
const NO_VALUE = new Set([
  "",
  "--",
  "-",
  "—",
  "–",
  "n/a",
  "na",
  "#n/a",
  "#div/0!",
  "#value!",
  "∞",
  "null",
  "(not set)",
]);
/** Currency words written before or after an amount (ISO codes are read apart: any three capitals). */
const CURRENCY_WORD =
  /^(?:rs\.?|kr\.?|zł|kč|lei|ft|r\$|s\/\.?|lek|din)\s*|\s*(?:rs\.?|kr\.?|zł|kč|lei|ft|lek|din|руб\.?)$/i;

export type NumberCell =
  | { kind: "empty" }
  /** `text`: a plain decimal that PostgreSQL and Number() both read. */
  | { kind: "number"; text: string }
  /** A value written with a percent sign; `text` is the number before the sign. */
  | { kind: "percent"; text: string }
  /** A bound instead of a value ("< 10%", "> 90%"): no value to store. */
  | { kind: "bound"; text: string };

/**
 * The cell's number, or null when it is not one. `decimalComma`: the file writes decimals with a comma (its columns
 * are separated by semicolons), so 1.204 groups thousands (one thousand two hundred and four), as in 1.234,56.
 */
export function parseNumberCell(raw: string, options: { decimalComma?: boolean } = {}): NumberCell | null {
  // The common cell, a plain decimal ("1234", "49.90"), without a regular expression: the reading asks every cell of
  // its sample (a decimal comma's file reads "1.234" otherwise, below).
  if (!options.decimalComma && !Number.isNaN(plainDecimal(raw))) return { kind: "number", text: raw };
  const cell = readNumberCell(raw, options);
  // "1e310" is written like a number but no double (or PostgreSQL's double precision) holds it: not a number. Only a
  // text with an exponent or of 300 digits and more can overflow, so the common cell pays one test.
  if (cell && (cell.kind === "number" || cell.kind === "percent") && (cell.text.length > 300 || /[eE]/.test(cell.text)))
    return Number.isFinite(Number(cell.text)) ? cell : null;
  return cell;
}

function readNumberCell(raw: string, { decimalComma = false } = {}): NumberCell | null {
  if (decimalComma && THOUSANDS_DOTS.test(raw.trim())) return { kind: "number", text: raw.trim().replace(/\./g, "") };
  if (PLAIN.test(raw)) return { kind: "number", text: raw };
  let s = raw.trim();
  if (NO_VALUE.has(s.toLowerCase())) return { kind: "empty" };
  if (PLAIN.test(s)) return { kind: "number", text: s };
  if (/^[<>]=?\s*\d/.test(s))
    return parseNumberCell(s.replace(/^[<>]=?\s*/, ""), { decimalComma }) ? { kind: "bound", text: s } : null;

  let negative = false;
  if (s.startsWith("(") && s.endsWith(")")) {
    negative = true;
    s = s.slice(1, -1).trim();
  }
  // ISO currency codes before or after the amount ("USD 12", "12 EUR", "INR 1,234"), currency words, then symbols
  // and the letters glued to them (US$, CA$, A$, R$).
  s = s
    .replace(/^[A-Z]{3}\s+/, "")
    .replace(/\s+[A-Z]{3}$/, "")
    .replace(CURRENCY_WORD, "");
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
    .replace(/^[A-Z]{0,2}(?=[$€£¥₹₩₽₺₫₱₪¢₴₦฿₡₲])/, "")
    .replace(CURRENCY_SYMBOL, "")
    .replace(CURRENCY_WORD, "")
    .trim();
  sign();
  // A trailing minus, as some European accounting exports write it ("12,50-").
  if (!signed && /^\d[\d.,\s]*-$/.test(s)) {
    negative = !negative;
    s = s.slice(0, -1).trim();
  }
  let percent = false;
  if (s.endsWith("%")) {
    percent = true;
    s = s.slice(0, -1).trim();
  }
  // Spaces (also no-break and narrow no-break) and apostrophes group thousands.
  s = s.replace(/[\s\u00a0\u202f'’]/g, "");
  const comma = s.lastIndexOf(",");
  const dot = s.lastIndexOf(".");
  if (comma !== -1 && dot !== -1) {
    // Both: the last one is the decimal point.
    s = comma > dot ? s.replace(/\./g, "").replace(",", ".") : s.replace(/,/g, "");
  } else if (comma !== -1) {
    // 1,234 and 1,234,567 group thousands (English exports), 1,23,456 too (Indian); 12,5 is a decimal comma, and so
    // is 1,234 in a file (or a column) that writes decimal commas.
    s =
      decimalComma && /^\d+,\d+$/.test(s)
        ? s.replace(",", ".")
        : /^\d{1,3}(,\d{3})+$/.test(s) || /^\d{1,2}(,\d{2})+,\d{3}$/.test(s)
          ? s.replace(/,/g, "")
          : /^\d+,\d+$/.test(s)
            ? s.replace(",", ".")
            : s;
  } else if (/^\d{1,3}(\.\d{3}){2,}$/.test(s)) {
    s = s.replace(/\./g, "");
  }
  if (!PLAIN.test(s) || /^[+-]/.test(s)) return null;
  const text = negative ? `-${s}` : s;
  return percent ? { kind: "percent", text } : { kind: "number", text };
}

// Powers of ten that a double holds exactly (10^22 is the largest).
export const EXACT_POWERS_OF_TEN = Array.from({ length: 23 }, (_, k) => 10 ** k);

/**
 * The value of a plain decimal cell ("1234", "49.90", "-3.5", ".5") with at most 15 digits, read without a
 * regular expression or `Number()` (the import reads millions of them). Such a value is an integer below 2^53
 * divided by a power of ten that a double holds exactly: one correctly rounded division, hence the very double
 * `Number()` and PostgreSQL read from the same text (Clinger's fast path). NaN for anything else (empty, an
 * exponent, a plus sign, separators, currency, more digits): the caller then takes `parseNumberCell`'s path.
 */
export function plainDecimal(s: string): number {
  const n = s.length;
  if (n === 0 || n > 17) return NaN;
  let i = 0;
  let negative = false;
  if (s.charCodeAt(0) === 45) {
    negative = true;
    i = 1;
  }
  let mantissa = 0;
  let digits = 0;
  let fraction = -1;
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      mantissa = mantissa * 10 + (c - 48);
      digits++;
      if (fraction >= 0) fraction++;
    } else if (c === 46 && fraction < 0) {
      fraction = 0;
    } else {
      return NaN;
    }
  }
  if (digits === 0 || digits > 15) return NaN;
  const value = fraction > 0 ? mantissa / EXACT_POWERS_OF_TEN[fraction] : mantissa;
  return negative ? -value : value;
}
