import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "@/lib/dates";
import { readPeriod, type DateColumn } from "@/lib/csv-import/date-column";
import { detectDateOrder, parseDateCell, parseDateHourCell, parseMonthCell } from "@/lib/csv-import/parse-date";
import { parseNumberCell } from "@/lib/csv-import/parse-number";

// Properties of the date and number readers over the formats the tools write (issue 55): any calendar day written
// any of those ways reads back as that day, and any amount written with the tools' separators, currencies, signs and
// percent signs reads back as that amount. The example tests (lib/csv-import/parse-cells.test.ts) pin single cells;
// these sweep the space, so a format that works for the eight real files but not for the next day or amount fails.

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const LONG_MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** A calendar day between 1970 and 2069 (two-digit years read as this century or the last), as its parts. */
const day = fc.integer({ min: 0, max: 36_524 }).map((n) => {
  const d = new Date(n * 86_400_000);
  const iso = d.toISOString().slice(0, 10);
  return { iso, y: d.getUTCFullYear(), m: d.getUTCMonth() + 1, d: d.getUTCDate(), weekday: d.getUTCDay() };
});
type Day = { iso: string; y: number; m: number; d: number; weekday: number };
const pad = (n: number) => String(n).padStart(2, "0");

/** The ways the tools write a day whose order needs no telling (year first, or a named month). */
const unambiguous: [string, (x: Day) => string][] = [
  ["ISO (Search Console, Shopify, Meta)", (x) => x.iso],
  ["YYYYMMDD (GA4)", (x) => `${x.y}${pad(x.m)}${pad(x.d)}`],
  ["YYYY/M/D", (x) => `${x.y}/${x.m}/${x.d}`],
  ["Jan 31, 2026", (x) => `${MONTHS[x.m - 1]} ${x.d}, ${x.y}`],
  ["January 31, 2026", (x) => `${LONG_MONTHS[x.m - 1]} ${x.d}, ${x.y}`],
  ["Thu, 5 Feb 2026 (Google Ads)", (x) => `${WEEKDAYS[x.weekday]}, ${x.d} ${MONTHS[x.m - 1]} ${x.y}`],
  ["Sat, Jan 31, 2026", (x) => `${WEEKDAYS[x.weekday]}, ${MONTHS[x.m - 1]} ${x.d}, ${x.y}`],
  ["31 Jan 2026", (x) => `${x.d} ${MONTHS[x.m - 1]} ${x.y}`],
  ["ISO with a time", (x) => `${x.iso} 00:00:00`],
  ["ISO timestamp", (x) => `${x.iso}T13:45:00Z`],
];

describe("the date reader, over every day of a century", () => {
  it.each(unambiguous)("reads %s back as the day it writes", (_, write) => {
    fc.assert(
      fc.property(day, (x) => {
        expect(parseDateCell(write(x), null)).toBe(x.iso);
      }),
    );
  });

  it("reads slashed US dates (M/D/YYYY, UA's M/D/YY) and day-first ones in the order the file proves", () => {
    fc.assert(
      fc.property(day, (x) => {
        const yy = pad(x.y % 100);
        expect(parseDateCell(`${x.m}/${x.d}/${x.y}`, "mdy")).toBe(x.iso);
        expect(parseDateCell(`${x.m}/${x.d}/${yy}`, "mdy")).toBe(x.iso);
        expect(parseDateCell(`${pad(x.d)}/${pad(x.m)}/${x.y}`, "dmy")).toBe(x.iso);
        expect(parseDateCell(`${x.d}.${x.m}.${x.y}`, "dmy")).toBe(x.iso);
      }),
    );
  });

  it("a slashed date tells its own order only when a part is above 12, and never reads the wrong way round", () => {
    fc.assert(
      fc.property(day, (x) => {
        const us = parseDateCell(`${x.m}/${x.d}/${x.y}`, null);
        if (x.d > 12 || x.d === x.m) expect(us).toBe(x.iso);
        else expect(us).toBe("ambiguous");
        const dayFirst = parseDateCell(`${x.d}/${x.m}/${x.y}`, null);
        expect(dayFirst === x.iso || dayFirst === "ambiguous").toBe(true);
      }),
    );
  });

  it("a column of US dates is never taken for day-first, and is known as month-first once a day above 12 is in it", () => {
    fc.assert(
      fc.property(fc.array(day, { minLength: 1, maxLength: 40 }), (days) => {
        const order = detectDateOrder(days.map((x) => `${x.m}/${x.d}/${x.y}`));
        expect(order).toBe(days.some((x) => x.d > 12) ? "mdy" : null);
      }),
    );
  });

  it("refuses days that do not exist, however written", () => {
    const impossible = fc.record({
      y: fc.integer({ min: 1970, max: 2069 }),
      m: fc.integer({ min: 1, max: 12 }),
      d: fc.integer({ min: 29, max: 35 }),
    });
    fc.assert(
      fc.property(impossible, ({ y, m, d }) => {
        const real = new Date(Date.UTC(y, m - 1, d)).getUTCDate() === d && d <= 31;
        fc.pre(!real);
        for (const text of [`${y}-${pad(m)}-${pad(d)}`, `${y}${pad(m)}${pad(d)}`, `${MONTHS[m - 1]} ${d}, ${y}`])
          expect(parseDateCell(text, null)).toBeNull();
        expect(parseDateCell(`${m}/${d}/${y}`, "mdy")).toBeNull();
      }),
    );
  });

  it("reads GA4's Date + hour (YYYYMMDDHH) as its day, and no hour past 23", () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 99 }), (x, hour) => {
        const cell = `${x.y}${pad(x.m)}${pad(x.d)}${pad(hour)}`;
        expect(parseDateHourCell(cell)).toBe(hour <= 23 ? x.iso : null);
      }),
    );
  });

  it("reads month labels (January 2026, Jan 2026, 2026-01, 202601, 01/2026) as the month's first day", () => {
    fc.assert(
      fc.property(day, (x) => {
        const first = `${x.y}-${pad(x.m)}-01`;
        for (const label of [
          `${LONG_MONTHS[x.m - 1]} ${x.y}`,
          `${MONTHS[x.m - 1]} ${x.y}`,
          `${x.y}-${pad(x.m)}`,
          `${x.y}${pad(x.m)}`,
          `${pad(x.m)}/${x.y}`,
        ])
          expect(parseMonthCell(label)).toBe(first);
      }),
    );
  });
});

describe("GA4's and UA's counted dates (Nth day, Nth week, Nth month from the preamble's start date)", () => {
  const column = (kind: DateColumn["kind"]): DateColumn => ({ index: 0, header: kind, kind, grain: null, order: null });

  it("Nth day is the start date plus N days; Nth week is the Sunday week holding start + 7N; Nth month a month on", () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 3000 }), (start, n) => {
        const context = { start: start.iso, end: null };
        const cell = String(n).padStart(4, "0");
        expect(readPeriod(column("nthDay"), [cell], context, null)).toEqual({ start: addDays(start.iso, n) });

        const week = readPeriod(column("nthWeek"), [cell], context, null) as { start: string };
        expect(new Date(`${week.start}T00:00:00Z`).getUTCDay()).toBe(0);
        const target = addDays(start.iso, 7 * n);
        expect(week.start <= target && target <= addDays(week.start, 6)).toBe(true);

        const months = n % 240;
        const month = readPeriod(column("nthMonth"), [String(months).padStart(4, "0")], context, null) as {
          start: string;
        };
        const expected = new Date(Date.UTC(start.y, start.m - 1 + months, 1));
        expect(month.start.slice(0, 7)).toBe(expected.toISOString().slice(0, 7));
      }),
    );
  });
});

/** An amount in cents, up to a billion, and the ways the tools write it. */
const cents = fc.integer({ min: 0, max: 100_000_000_000 });
const groupEn = (int: string, sep: string) => int.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
const groupIndian = (int: string) =>
  int.length <= 3 ? int : `${int.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ",")},${int.slice(-3)}`;
const parts = (c: number) => ({ int: String(Math.floor(c / 100)), frac: pad(c % 100) });
const value = (cell: ReturnType<typeof parseNumberCell>) =>
  cell && (cell.kind === "number" || cell.kind === "percent") ? Number(cell.text) : cell;

const english: [string, (int: string, frac: string) => string][] = [
  ["1234.56", (i, f) => `${i}.${f}`],
  ["1,234.56", (i, f) => `${groupEn(i, ",")}.${f}`],
  ['"1,234.56" quoted thousands', (i, f) => `${groupEn(i, ",")}.${f}`],
  ["$1,234.56", (i, f) => `$${groupEn(i, ",")}.${f}`],
  ["US$1,234.56 (Google Ads)", (i, f) => `US$${groupEn(i, ",")}.${f}`],
  ["€1,234.56", (i, f) => `€${groupEn(i, ",")}.${f}`],
  ["₹1,23,456.78 (Indian grouping)", (i, f) => `₹${groupIndian(i)}.${f}`],
  ["INR 1,234.56", (i, f) => `INR ${groupEn(i, ",")}.${f}`],
  ["1,234.56 USD", (i, f) => `${groupEn(i, ",")}.${f} USD`],
  ["Rs. 1,234.56", (i, f) => `Rs. ${groupEn(i, ",")}.${f}`],
];
const european: [string, (int: string, frac: string) => string][] = [
  ["1.234,56", (i, f) => `${groupEn(i, ".")},${f}`],
  ["1 234,56 €", (i, f) => `${groupEn(i, " ")},${f} €`],
  ["kr 1 234,56", (i, f) => `kr ${groupEn(i, "\u00a0")},${f}`],
  ["1.234 (whole, decimal comma file)", (i) => groupEn(i, ".")],
];

describe("the number reader, over amounts up to a billion", () => {
  it.each(english)("reads %s as the amount it writes", (_, write) => {
    fc.assert(
      fc.property(cents, (c) => {
        const { int, frac } = parts(c);
        expect(value(parseNumberCell(write(int, frac)))).toBe(Number(`${int}.${frac}`));
      }),
    );
  });

  it.each(european)("reads %s as the amount it writes, in a file that writes decimal commas", (label, write) => {
    fc.assert(
      fc.property(cents, (c) => {
        const { int, frac } = parts(c);
        const expected = label.startsWith("1.234 (") ? Number(int) : Number(`${int}.${frac}`);
        expect(value(parseNumberCell(write(int, frac), { decimalComma: true }))).toBe(expected);
      }),
    );
  });

  it("reads negative amounts written with a sign or in parentheses", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000_000 }), (c) => {
        const { int, frac } = parts(c);
        const amount = -Number(`${int}.${frac}`);
        const grouped = `${groupEn(int, ",")}.${frac}`;
        for (const cell of [`-${grouped}`, `-$${grouped}`, `$-${grouped}`, `(${grouped})`, `(US$${grouped})`])
          expect(value(parseNumberCell(cell))).toBe(amount);
      }),
    );
  });

  it("reads a percent sign as a percent of the number before it", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (n) => {
        const text = `${Math.floor(n / 100)}.${pad(n % 100)}`;
        expect(parseNumberCell(`${text}%`)).toEqual({ kind: "percent", text });
      }),
    );
  });

  it("reads Google Ads' bounds (< 10%, > 90%) and no-value cells (--, N/A, empty) as no value, never as a number", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), fc.constantFrom("<", ">", "<=", ">="), (n, op) => {
        expect(parseNumberCell(`${op} ${n}%`)?.kind).toBe("bound");
        expect(parseNumberCell(`${op}${n}%`)?.kind).toBe("bound");
      }),
    );
    for (const cell of ["", " --", "--", "-", "N/A", "#DIV/0!", "(not set)"])
      expect(parseNumberCell(cell)).toEqual({ kind: "empty" });
  });

  it("never throws, and whatever it reads as a number is a finite plain decimal", () => {
    const cellish = fc.stringMatching(/^[0-9 .,$€₹%()<>+\-A-Za-z'’\u00a0]{0,16}$/);
    fc.assert(
      fc.property(fc.oneof(cellish, fc.string()), (raw) => {
        const cell = parseNumberCell(raw);
        if (cell && (cell.kind === "number" || cell.kind === "percent")) {
          expect(cell.text).toMatch(/^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/);
          expect(Number.isFinite(Number(cell.text))).toBe(true);
        }
      }),
      { numRuns: 5000 },
    );
  });
});
