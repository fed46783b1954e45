// Dates as exports write them:
// - 20260131 (GA4, UA's ga:date), 2026-01-31 (Search Console, Google Ads, Shopify, Meta), 2026/01/31, 2026.01.31;
// - 01/31/2026, 1/31/26 (US tools: UA's Day Index writes M/D/YY), 31/01/2026, 31.01.2026 (day first where the file
//   proves it: a part above 12 tells the order; the caller holds rows until one does);
// - named months, in English and the other languages the tools export in: Jan 31, 2026, January 31, 2026,
//   Wed, Jan 31, 2026, Thu, 5 Feb 2026 (Google Ads), 31 Jan 2026, 5. Februar 2026, 5 de febrero de 2026, févr. 5, 2026;
// - 2026年2月5日 (Japanese), 2026/02/05 and 2026. 2. 5. (year first: its order is never in doubt), 05.02.2026 (dots:
//   always the day first);
// - a time after the day ("2026-01-31 00:00:00", "2026-01-31T00:00:00Z", "Jan 31, 2026, 3:00 PM") is dropped.

/** Day-first or month-first, for dates written with slashes (or dots, or dashes) and a year last. */
export type DateOrder = "dmy" | "mdy";

/** Month names and abbreviations (lower case, without accents or a final dot) in the languages exports come in. */
const MONTH_NAMES: [number, string[]][] = [
  [1, ["jan", "january", "janv", "janvier", "januar", "januari", "ene", "enero", "janeiro", "gen", "gennaio", "jaen"]],
  [2, ["feb", "february", "fev", "fevr", "fevrier", "februar", "februari", "febrero", "fevereiro", "febbraio"]],
  [3, ["mar", "march", "mars", "marz", "maerz", "maart", "mrt", "marzo", "marco"]],
  [4, ["apr", "april", "avr", "avril", "abr", "abril", "aprile"]],
  [5, ["may", "mai", "mei", "mayo", "maio", "mag", "maggio"]],
  [6, ["jun", "june", "juin", "juni", "junio", "junho", "giu", "giugno"]],
  [7, ["jul", "july", "juil", "juillet", "juli", "julio", "julho", "lug", "luglio"]],
  [8, ["aug", "august", "aout", "augustus", "ago", "agosto"]],
  [9, ["sep", "sept", "september", "septembre", "septiembre", "set", "setembro", "settembre"]],
  [10, ["oct", "october", "octobre", "okt", "oktober", "octubre", "out", "outubro", "ott", "ottobre"]],
  [11, ["nov", "november", "novembre", "noviembre", "novembro"]],
  [12, ["dec", "december", "decembre", "dez", "dezember", "dic", "diciembre", "dezembro", "dicembre"]],
];
const MONTHS = new Map<string, number>(MONTH_NAMES.flatMap(([month, names]) => names.map((n) => [n, month])));

/** Weekday names and abbreviations, English, French, German, Spanish, Portuguese, Italian and Dutch. */
const WEEKDAYS = [
  ...["mon", "monday", "tue", "tues", "tuesday", "wed", "wednesday", "thu", "thur", "thurs", "thursday"],
  ...["fri", "friday", "sat", "saturday", "sun", "sunday"],
  ...[
    "lun",
    "lundi",
    "mardi",
    "mer",
    "mercredi",
    "jeu",
    "jeudi",
    "ven",
    "vendredi",
    "sam",
    "samedi",
    "dim",
    "dimanche",
  ],
  ...["mo", "montag", "di", "dienstag", "mi", "mittwoch", "do", "donnerstag", "fr", "freitag", "sa", "samstag"],
  ...["so", "sonntag", "lunes", "martes", "miercoles", "jueves", "viernes", "sabado", "domingo", "mie", "jue", "vie"],
  ...["seg", "segunda", "ter", "terca", "qua", "quarta", "qui", "quinta", "sex", "sexta", "sab", "dom", "feira"],
  ...["mar", "gio", "lunedi", "martedi", "mercoledi", "giovedi", "venerdi", "sabato", "domenica"],
  ...["ma", "wo", "vr", "za", "zo", "maandag", "dinsdag", "woensdag", "donderdag", "vrijdag", "zaterdag", "zondag"],
];
const WEEKDAY_NAMES = new Set(WEEKDAYS);

/** Weekday names, and the little words between a date's parts ("5 de febrero de 2026"). */
const FILLER = new Set([...WEEKDAYS, ...["de", "del", "of", "the", "le", "den", "der"]]);

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function isoDay(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1) return null;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  if (day > (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1])) return null;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

const COMPACT = /^(\d{4})(\d{2})(\d{2})$/;
const YEAR_FIRST = /^(\d{4})\s?[-/.]\s?(\d{1,2})\s?[-/.]\s?(\d{1,2})\.?$/;
const YEAR_LAST = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})$/;
const TIME = /(?:[T\s,]|^)\d{1,2}:\d{2}/;
/** 2026年2月5日 (Japanese and Chinese exports). */
const KANJI = /^(\d{4})\s?年\s?(\d{1,2})\s?月\s?(\d{1,2})\s?日\s*(?:[(（][^)）]{1,3}[)）])?$/;
/** 05.02.2026: no tool writes a month first with dots (German, Dutch, Polish… write the day first). */
const dotted = (s: string) => /^\d{1,2}\.\d{1,2}\.\d{2,4}$/.test(s);

/** "19" → 2019, "99" → 1999 (the tools' two-digit years are this century's unless far ahead). */
function fullYear(digits: string): number {
  if (digits.length === 4) return Number(digits);
  const yy = Number(digits);
  return yy < 70 ? 2000 + yy : 1900 + yy;
}

/** Lower case, accents off, so "févr." and "Févr" read as "fevr". */
export function foldText(s: string): string {
  return s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

/** A weekday's name alone ("Sunday", "Mon", "lundi"): a day of the week, never a date. */
export function isWeekdayName(raw: string): boolean {
  return WEEKDAY_NAMES.has(foldText(raw.trim()).replace(/\.$/, ""));
}

/** The cell without a time of day after the date. */
function dayPart(raw: string): string {
  const s = raw.trim();
  const t = s.search(TIME);
  return (t <= 0 ? s : s.slice(0, t)).replace(/[\s,]+$/, "");
}

/**
 * A date with its month written as a word: its tokens are a month name, a day (1-2 digits) and a year (4 digits),
 * in any order, with weekday names and little words around them ("Thu, 5 Feb 2026", "Jan 31, 2026", "5. Februar
 * 2026", "5 de febrero de 2026"). Null when the tokens are not exactly that.
 */
function namedMonthDate(s: string): string | null {
  const tokens = foldText(s).match(/[a-z]+|\d+/g);
  if (!tokens || tokens.length < 3 || tokens.length > 7) return null;
  let month = 0;
  let day = 0;
  let year = 0;
  // Italian's "mar" is Tuesday before a date ("mar 3 feb 2026") and March in one: a weekday when another month follows.
  const months = tokens.filter((t) => MONTHS.has(t));
  for (const token of tokens) {
    if (/^\d+$/.test(token)) {
      if (token.length === 4 && year === 0) year = Number(token);
      else if (token.length <= 2 && day === 0) day = Number(token);
      else return null;
    } else if (months.length > 1 && token === months[0] && FILLER.has(token)) {
      continue;
    } else if (MONTHS.has(token) && month === 0) {
      month = MONTHS.get(token)!;
    } else if (!FILLER.has(token)) {
      return null;
    }
  }
  return month && day && year ? isoDay(year, month, day) : null;
}

/**
 * The ISO day of a cell, or null when it is not a real calendar day. A slashed date whose order the caller does not
 * know yet (both parts 12 or less) gives "ambiguous".
 */
export function parseDateCell(raw: string, order: DateOrder | null): string | null | "ambiguous" {
  // An export repeats each day on every row of its breakdown, and a reading looks at each date cell several times:
  // the last cell read again is answered first, then the ones read lately.
  if (raw === last.raw && order === last.order) return last.day;
  const key = order === null ? raw : `${order}\u0001${raw}`;
  let day = readDates.get(key);
  if (day === undefined) {
    day = readDateCell(raw, order);
    if (readDates.size >= READ_DATES_CAP) readDates.clear();
    readDates.set(key, day);
  }
  last = { raw, order, day };
  return day;
}

let last: { raw: string; order: DateOrder | null; day: string | null | "ambiguous" } = {
  raw: "",
  order: null,
  day: null,
};

/** Date cells read lately (a pure function's answers), bounded. */
const readDates = new Map<string, string | null | "ambiguous">();
const READ_DATES_CAP = 4096;

function readDateCell(raw: string, order: DateOrder | null): string | null | "ambiguous" {
  const s = dayPart(raw);
  if (s === "") return null;
  let m = COMPACT.exec(s) ?? YEAR_FIRST.exec(s) ?? KANJI.exec(s);
  if (m) return isoDay(Number(m[1]), Number(m[2]), Number(m[3]));
  m = YEAR_LAST.exec(s);
  if (m) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    const year = fullYear(m[3]);
    const resolved = order ?? (a > 12 ? "dmy" : b > 12 ? "mdy" : a === b ? "mdy" : dotted(s) ? "dmy" : null);
    if (!resolved) return "ambiguous";
    return resolved === "dmy" ? isoDay(year, b, a) : isoDay(year, a, b);
  }
  if (!/\d/.test(s) || !/[a-zA-Z\u00c0-\u024f]/.test(s)) return null;
  return namedMonthDate(s);
}

/** A date cell read as a day when it is one ("ambiguous" counts as one: the order decides which). */
export function looksLikeDate(raw: string): boolean {
  return parseDateCell(raw, null) !== null;
}

/**
 * The order a column's slashed dates must be read in, told by its values: a first part above 12 is a day
 * (31/01/2026), a second part above 12 is a day (01/31/2026). Null when no value tells.
 */
export function detectDateOrder(values: Iterable<string>): DateOrder | null {
  for (const raw of values) {
    const day = dayPart(raw);
    const m = YEAR_LAST.exec(day);
    if (!m) continue;
    if (Number(m[1]) > 12 || dotted(day)) return "dmy";
    if (Number(m[2]) > 12) return "mdy";
  }
  return null;
}

/** Whether a column's values are written day/month or month/day with a year last (the order matters). */
export function hasSlashedDates(values: Iterable<string>): boolean {
  for (const raw of values) {
    const m = YEAR_LAST.exec(dayPart(raw));
    if (m && Number(m[1]) !== Number(m[2])) return true;
  }
  return false;
}

const YEAR_MONTH = /^(\d{4})[-/.]?(\d{2})$/;
const MONTH_YEAR = /^(\d{1,2})[-/.](\d{4})$/;

/**
 * A month label ("January 2024", "Jan 2024", "2024-01", "202401", "01/2024", "janvier 2024") as the month's first
 * day; null when the cell is not one.
 */
export function parseMonthCell(raw: string): string | null {
  const s = raw.trim();
  let m = YEAR_MONTH.exec(s) ?? /^(\d{4})\s?年\s?(\d{1,2})\s?月$/.exec(s);
  if (m) return isoDay(Number(m[1]), Number(m[2]), 1);
  m = MONTH_YEAR.exec(s);
  if (m) return isoDay(Number(m[2]), Number(m[1]), 1);
  const tokens = foldText(s).match(/[a-z]+|\d+/g);
  if (!tokens || tokens.length < 2 || tokens.length > 4) return null;
  let month = 0;
  let year = 0;
  for (const token of tokens) {
    if (/^\d{4}$/.test(token) && year === 0) year = Number(token);
    else if (/^\d{2}$/.test(token) && year === 0 && tokens.length === 2) year = fullYear(token);
    else if (MONTHS.has(token) && month === 0) month = MONTHS.get(token)!;
    else if (!FILLER.has(token)) return null;
  }
  return month && year ? isoDay(year, month, 1) : null;
}

/**
 * A cell holding a range of days ("2024-01-07 - 2024-01-13", "Jan 7, 2024 – Jan 13, 2024", "Jan 7 - Jan 13, 2024"):
 * its first and last day; null when the cell is not one.
 */
export function parseRangeCell(raw: string, order: DateOrder | null): { start: string; end: string } | null {
  const parts = raw.split(/\s+[-–—]\s+|\s+to\s+|\s+bis\s+|\s+au\s+|\s+al\s+/i);
  if (parts.length !== 2) return null;
  const end = parseDateCell(parts[1], order);
  if (end === null || end === "ambiguous") return null;
  let start = parseDateCell(parts[0], order);
  // "Jan 7 - Jan 13, 2024": the first day borrows the last one's year.
  if (start === null && !/\d{4}/.test(parts[0])) start = parseDateCell(`${parts[0]} ${end.slice(0, 4)}`, order);
  if (start === null || start === "ambiguous" || start > end) return null;
  return { start, end };
}

/** "2024013105" (GA4's Date + hour, YYYYMMDDHH) → its day "2024-01-31"; null otherwise. */
export function parseDateHourCell(raw: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})$/.exec(raw.trim());
  if (!m || Number(m[4]) > 23) return null;
  return isoDay(Number(m[1]), Number(m[2]), Number(m[3]));
}
