import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decimalEvidence, type DecimalMark } from "./number-format";
import { parseNumberCell } from "./parse-number";
import { parseDateCell } from "./parse-date";
import { isTotalLabel } from "./preamble";

// The reading asks each cell of its sample several times (a 256 KB sample is thousands of rows), so the common cells
// are answered without regular expressions (issue 55's ingest speed). These properties pin each fast path to the
// general reading it stands for: the reference functions below are the readings as they were written before.

/** decimalEvidence as it reads every cell (session 7's lib/csv-import/number-format.ts). */
function referenceEvidence(raw: string): DecimalMark | null {
  if (!/\d/.test(raw)) return null;
  const s = raw.replace(/[^\d.,]/g, "");
  if (!/^[\d.,]+$/.test(s) || !/^\d/.test(s.replace(/^[.,]/, "0"))) return null;
  const comma = s.lastIndexOf(",");
  const dot = s.lastIndexOf(".");
  if (comma !== -1 && dot !== -1) return comma > dot ? "comma" : "point";
  const mark = comma !== -1 ? "," : dot !== -1 ? "." : null;
  if (mark === null) return null;
  const parts = s.split(mark);
  if (parts.length > 2) return mark === "," ? "point" : "comma";
  const [whole, fraction] = parts;
  if (fraction.length === 3 && whole.length >= 1 && whole.length <= 3 && !/^0+$/.test(whole)) return null;
  return mark === "," ? "comma" : "point";
}

/** Cells of digits, marks, signs, spaces, currencies and letters, mostly short: the shapes numeric columns hold. */
const cell = fc
  .array(fc.constantFrom(..."0123456789", "0", "1", ".", ",", "-", " ", "$", "€", "%", "'", "\u00a0", "a", "T", "g"), {
    maxLength: 12,
  })
  .map((chars) => chars.join(""));
const numberLike = fc.oneof(
  cell,
  fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
  fc.integer({ min: 0, max: 10_000_000 }).map((n) => n.toLocaleString("en")),
  fc.integer({ min: 0, max: 10_000_000 }).map((n) => n.toLocaleString("de")),
  fc.tuple(fc.nat(9999), fc.nat(999)).map(([a, b]) => `${a}.${b}`),
  fc.tuple(fc.nat(9999), fc.nat(999)).map(([a, b]) => `${a},${b}`),
);

describe("the reading's fast paths read every cell as the general reading does", () => {
  it("a cell's decimal mark (digits and one mark, or no mark, without a regular expression)", () => {
    fc.assert(
      fc.property(numberLike, (raw) => {
        expect(decimalEvidence(raw)).toBe(referenceEvidence(raw));
      }),
      {
        numRuns: 20_000,
      },
    );
    for (const raw of ["1.234", "0.123", "000.123", "1,234", "12,5", ",5", ".", ",", "5.", "1234", "", "0,125"])
      expect([raw, decimalEvidence(raw)]).toEqual([raw, referenceEvidence(raw)]);
  });

  it("a plain decimal's number (its text kept as written), in files with a decimal point or a decimal comma", () => {
    const PLAIN = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
    fc.assert(
      fc.property(numberLike, fc.boolean(), (raw, decimalComma) => {
        const read = parseNumberCell(raw, { decimalComma });
        // A plain decimal of at most 15 digits is its own text; any other cell goes the general way (tested in
        // test/csv-readers.property.test.ts and parse-cells.test.ts).
        if (!decimalComma && PLAIN.test(raw) && !/[eE+]/.test(raw) && raw.replace(/\D/g, "").length <= 15)
          expect(read).toEqual({ kind: "number", text: raw });
      }),
      { numRuns: 20_000 },
    );
    expect(parseNumberCell("1.234", { decimalComma: true })).toEqual({ kind: "number", text: "1234" });
    expect(parseNumberCell("1.234")).toEqual({ kind: "number", text: "1.234" });
  });

  it("a totals label (a cell starting with a digit or another letter than g and t is none)", () => {
    const TOTAL_LABEL = /^\s*(grand\s+)?totals?\b/i;
    const label = fc.oneof(
      cell,
      fc.string({ maxLength: 12 }),
      fc.constantFrom("Total", " Totals", "Grand total", "GRAND TOTAL: x", "Total: Account", "\tTotal", "totally"),
    );
    fc.assert(
      fc.property(label, (raw) => {
        expect(isTotalLabel(raw)).toBe(TOTAL_LABEL.test(raw));
      }),
      {
        numRuns: 20_000,
      },
    );
  });

  it("a date cell read again answers as when first read, whatever order it is asked in", () => {
    const cells = ["2026-02-05", "02/05/2026", "05/02/2026", "13/02/2026", "Thu, 5 Feb 2026", "x", ""];
    const orders = [null, "mdy", "dmy"] as const;
    const fresh = new Map(cells.flatMap((c) => orders.map((o) => [`${o}|${c}`, parseDateCell(c, o)] as const)));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...cells), fc.constantFrom(...orders)), { maxLength: 30 }),
        (asks) => {
          for (const [c, o] of asks) expect(parseDateCell(c, o)).toBe(fresh.get(`${o}|${c}`));
        },
      ),
    );
    expect(fresh.get("mdy|02/05/2026")).toBe("2026-02-05");
    expect(fresh.get("dmy|02/05/2026")).toBe("2026-05-02");
  });
});
