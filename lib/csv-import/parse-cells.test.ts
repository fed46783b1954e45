import { describe, expect, it } from "vitest";
import { detectDateOrder, parseDateCell } from "./parse-date";
import { parseNumberCell, plainDecimal } from "./parse-number";

describe("parseDateCell", () => {
  it.each([
    ["20260131", "2026-01-31"],
    ["2026-01-31", "2026-01-31"],
    ["2026/1/31", "2026-01-31"],
    ["Jan 31, 2026", "2026-01-31"],
    ["January 31, 2026", "2026-01-31"],
    ["Sat, Jan 31, 2026", "2026-01-31"],
    ["31 Jan 2026", "2026-01-31"],
    ["2026-01-31 00:00:00", "2026-01-31"],
    ["2026-01-31T00:00:00Z", "2026-01-31"],
    ["01/31/2026", "2026-01-31"],
    ["31/01/2026", "2026-01-31"],
  ])("reads %s", (raw, iso) => {
    expect(parseDateCell(raw, null)).toBe(iso);
  });

  it("refuses days that do not exist and text that is no date", () => {
    for (const raw of ["2026-02-29", "20261301", "Feb 30, 2026", "yesterday", "", "2026-1"])
      expect(parseDateCell(raw, null)).toBeNull();
    expect(parseDateCell("2024-02-29", null)).toBe("2024-02-29");
  });

  it("leaves 03/04/2026 undecided until the order is known, then reads it that way", () => {
    expect(parseDateCell("03/04/2026", null)).toBe("ambiguous");
    expect(parseDateCell("03/04/2026", "dmy")).toBe("2026-04-03");
    expect(parseDateCell("03/04/2026", "mdy")).toBe("2026-03-04");
    expect(detectDateOrder(["03/04/2026", "04/04/2026", "13/04/2026"])).toBe("dmy");
    expect(detectDateOrder(["04/03/2026", "04/13/2026"])).toBe("mdy");
    expect(detectDateOrder(["2026-01-31", "03/04/2026"])).toBeNull();
  });
});

describe("parseNumberCell", () => {
  it.each([
    ["1234.5", "1234.5"],
    [" 7 ", "7"],
    ["1,234", "1234"],
    ["1,234,567.89", "1234567.89"],
    ["$1,234.50", "1234.50"],
    ["-$160.75", "-160.75"],
    ["($12.00)", "-12.00"],
    ["€12", "12"],
    ["CA$9.99", "9.99"],
    ["12.50 USD", "12.50"],
    ["1.234,50 €", "1234.50"],
    ["1 234,50", "1234.50"],
    ["12,5", "12.5"],
    ["1.234.567", "1234567"],
  ])("reads %s", (raw, text) => {
    expect(parseNumberCell(raw)).toEqual({ kind: "number", text });
  });

  it("reads a dot as a thousands separator in a file that writes decimals with a comma", () => {
    expect(parseNumberCell("1.204")).toEqual({ kind: "number", text: "1.204" });
    expect(parseNumberCell("1.204", { decimalComma: true })).toEqual({ kind: "number", text: "1204" });
    expect(parseNumberCell("12.345.678", { decimalComma: true })).toEqual({ kind: "number", text: "12345678" });
    expect(parseNumberCell("1.234,5", { decimalComma: true })).toEqual({ kind: "number", text: "1234.5" });
    expect(parseNumberCell("12,5", { decimalComma: true })).toEqual({ kind: "number", text: "12.5" });
  });

  it("refuses a number no double holds (1e310 would be stored as Infinity), and keeps an exponent that fits", () => {
    expect(parseNumberCell("1e310")).toBeNull();
    expect(parseNumberCell("-1E400%")).toBeNull();
    expect(parseNumberCell("9".repeat(400))).toBeNull();
    expect(parseNumberCell("1.5e3")).toEqual({ kind: "number", text: "1.5e3" });
  });

  it("tells percentages and empty cells apart, and refuses text", () => {
    expect(parseNumberCell("2.26%")).toEqual({ kind: "percent", text: "2.26" });
    expect(parseNumberCell("--")).toEqual({ kind: "empty" });
    expect(parseNumberCell("")).toEqual({ kind: "empty" });
    for (const raw of ["abc", "12 apples", "1,2,3", "$", "--5"]) expect(parseNumberCell(raw)).toBeNull();
  });
});

describe("plainDecimal", () => {
  it("reads plain decimals as the very double Number() reads, and leaves everything else to the general path", () => {
    for (const [raw, value] of [
      ["0", 0],
      ["1234", 1234],
      ["49.90", 49.9],
      ["-3.5", -3.5],
      [".5", 0.5],
      ["5.", 5],
      ["007", 7],
      ["0.1", 0.1],
      ["123456789012345", 123456789012345],
      ["900719925.474099", 900719925.474099],
    ] as const)
      expect(plainDecimal(raw)).toBe(value);
    expect(plainDecimal("-0")).toBe(-0);
    for (const raw of [
      "",
      "-",
      ".",
      "+1",
      "1e3",
      "1,234",
      " 12",
      "12 ",
      "$5",
      "1.2.3",
      "1234567890123456",
      "9007199254.740991",
      "--",
      "12%",
    ])
      expect(plainDecimal(raw)).toBeNaN();
  });

  it("equals Number() on a million random plain decimals (exact division by a power of ten is correctly rounded)", () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 1_000_000; i++) {
      const digits = 1 + Math.floor(random() * 15);
      let text = "";
      for (let d = 0; d < digits; d++) text += Math.floor(random() * 10);
      const point = Math.floor(random() * (digits + 1));
      const cell = (random() < 0.2 ? "-" : "") + text.slice(0, point) + (point < digits ? "." : "") + text.slice(point);
      if (!Object.is(plainDecimal(cell), Number(cell)))
        expect.fail(`${cell}: ${plainDecimal(cell)} vs ${Number(cell)}`);
    }
  });
});
