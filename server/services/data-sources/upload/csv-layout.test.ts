import { describe, expect, it } from "vitest";
import { CsvImportError, readHeader, RowEncoder } from "./csv-layout";

describe("RowEncoder", () => {
  const encoder = () => new RowEncoder(readHeader(["date", "channel", "sessions", "revenue"], 1));

  it("numbers the file's combinations and sends a combination's key and values with its first row only", () => {
    const e = encoder();
    const first = e.encode(["20240101", " Email ", "3", "-2.5"], 2).split("\t");
    const second = e.encode(["2024-01-02", " Email ", "4", ""], 3).split("\t");
    expect(first.slice(0, 3)).toEqual(["2", "2024-01-01", "1"]);
    expect(first[3]).toMatch(/^[0-9a-f]{32}$/);
    expect(first[4]).toBe("Email");
    expect(second.slice(2)).toEqual(["1", "\\N", "\\N", "4", "\\N\n"]);
    // Spelt differently, normalised the same: a new number, sent with the same key again.
    const third = e.encode(["2024-01-02", "Email", "5", ""], 4).split("\t");
    expect(third[2]).toBe("2");
    expect(third[3]).toBe(first[3]);
    expect(e.minDate).toBe("2024-01-01");
    expect(e.maxDate).toBe("2024-01-02");
  });

  it("accepts signs, exponents and spaces around numbers; refuses infinities and negative counts", () => {
    const e = encoder();
    expect(e.encode(["2024-01-01", "a", " +7 ", "1e-400"], 2).split("\t").slice(5)).toEqual(["+7", "0\n"]);
    expect(() => e.encode(["2024-01-01", "b", "1e999", "1"], 3)).toThrow(CsvImportError);
    expect(() => e.encode(["2024-01-01", "c", "-1", "1"], 4)).toThrow('Line 4, column sessions: "-1" is negative');
    expect(() => e.encode(["2024-01-01", "d", "-0", "1"], 5)).not.toThrow();
  });
});

describe("RowEncoder with slashed dates", () => {
  const encoder = () => new RowEncoder(readHeader(["Date", "Sessions"], 1));
  const dates = (copy: string) =>
    copy
      .split("\n")
      .filter(Boolean)
      .map((line) => line.split("\t")[1]);

  it("holds rows whose date reads both ways until a day above 12 tells the order", () => {
    const e = encoder();
    expect(e.encode(["03/01/2026", "1"], 2)).toBe("");
    expect(e.encode(["04/01/2026", "1"], 3)).toBe("");
    expect(dates(e.encode(["13/01/2026", "1"], 4))).toEqual(["2026-01-03", "2026-01-04", "2026-01-13"]);
    expect(dates(e.encode(["05/01/2026", "1"], 5))).toEqual(["2026-01-05"]);
    expect(e.finish()).toBe("");
  });

  it("reads them month first when the file never tells, or as the preview's choice says", () => {
    const e = encoder();
    expect(e.encode(["03/01/2026", "1"], 2)).toBe("");
    expect(dates(e.finish())).toEqual(["2026-03-01"]);
    const chosen = new RowEncoder(
      readHeader(["Date", "Sessions"], 1, {
        mapping: {
          columns: [
            { header: "Date", target: "date" },
            { header: "Sessions", target: "metric:sessions" },
          ],
          dateOrder: "dmy",
        },
      }),
    );
    expect(dates(chosen.encode(["03/01/2026", "1"], 2))).toEqual(["2026-01-03"]);
  });

  it("leaves out totals rows and names the line of a date it cannot read", () => {
    const e = new RowEncoder(readHeader(["Day", "Campaign", "Clicks"], 1));
    expect(e.encode(["Total: Account", "--", "12"], 5)).toBe("");
    expect(e.totalsRows.map((t) => t.line)).toEqual([5]);
    expect(() => e.encode(["soon", "Brand", "1"], 6)).toThrow('Line 6, column Day: "soon" is not a date');
  });
});
