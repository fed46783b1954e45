import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  comparisonRange,
  dateFromDayNumber,
  dateParts,
  dateRange,
  dayIn,
  dayNumber,
  dayOfWeek,
  daysBetween,
  formatIsoDate,
  isIsoDate,
  isoDateOfUtc,
  previousPeriod,
  previousYear,
  todayIn,
  utcMidnight,
} from "./dates";

describe("calendar days", () => {
  it("knows which days exist, leap years included", () => {
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2000-02-29")).toBe(true); // divisible by 400
    expect(isIsoDate("2023-02-29")).toBe(false);
    expect(isIsoDate("2100-02-29")).toBe(false); // divisible by 100, not 400
    expect(isIsoDate("2024-04-31")).toBe(false);
    expect(isIsoDate("2024-13-01")).toBe(false);
    expect(isIsoDate("2024-1-01")).toBe(false);
    expect(isIsoDate("2024-01-01T00:00:00Z")).toBe(false);
    expect(() => dayNumber("2024-02-3")).toThrow(RangeError);
  });

  it("adds days across month, leap-day and year ends", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2024-02-29", 1)).toBe("2024-03-01");
    expect(addDays("2023-02-28", 1)).toBe("2023-03-01");
    expect(addDays("2024-12-31", 1)).toBe("2025-01-01");
    expect(addDays("2025-01-01", -1)).toBe("2024-12-31");
    expect(addDays("2024-03-01", -366)).toBe("2023-03-01");
    expect(dayNumber("1970-01-01")).toBe(0);
    expect(dateFromDayNumber(-1)).toBe("1969-12-31");
  });

  it("is not moved by daylight saving: the days around a clock change are 24 hours apart", () => {
    // The United States spring forward (2024-03-10) and fall back (2024-11-03); Europe 2024-03-31 and 2024-10-27.
    expect(addDays("2024-03-09", 1)).toBe("2024-03-10");
    expect(addDays("2024-03-10", 1)).toBe("2024-03-11");
    expect(addDays("2024-11-02", 2)).toBe("2024-11-04");
    expect(dateRange("2024-10-26", "2024-10-28")).toEqual(["2024-10-26", "2024-10-27", "2024-10-28"]);
    expect(daysBetween("2024-03-01", "2024-03-31")).toBe(31);
    expect(daysBetween("2024-11-01", "2024-11-30")).toBe(30);
  });

  it("counts days inclusively and lists ranges", () => {
    expect(daysBetween("2024-05-05", "2024-05-05")).toBe(1);
    expect(daysBetween("2024-01-01", "2024-12-31")).toBe(366);
    expect(daysBetween("2023-01-01", "2023-12-31")).toBe(365);
    expect(dateRange("2024-02-27", "2024-03-01")).toEqual(["2024-02-27", "2024-02-28", "2024-02-29", "2024-03-01"]);
    expect(dateRange("2024-03-02", "2024-03-01")).toEqual([]);
  });

  it("names weekdays from Sunday (0)", () => {
    expect(dayOfWeek("1970-01-01")).toBe(4);
    expect(dayOfWeek("2024-02-29")).toBe(4);
    expect(dayOfWeek("2024-03-03")).toBe(0);
    expect(dayOfWeek("1969-12-31")).toBe(3);
  });

  it("splits a day into its parts and maps it to and from its UTC midnight", () => {
    expect(dateParts("2024-02-29")).toEqual({ year: 2024, month: 2, day: 29 });
    expect(utcMidnight("2024-02-29").toISOString()).toBe("2024-02-29T00:00:00.000Z");
    expect(isoDateOfUtc(utcMidnight("2024-02-29"))).toBe("2024-02-29");
    expect(isoDateOfUtc(Date.parse("2024-02-29T23:59:59Z"))).toBe("2024-02-29");
  });

  it("round-trips any shift and counts it, for any day from 1900 to 2200", () => {
    const day = fc.integer({ min: dayNumber("1900-01-01"), max: dayNumber("2200-12-31") }).map(dateFromDayNumber);
    fc.assert(
      fc.property(day, fc.integer({ min: -2000, max: 2000 }), (date, n) => {
        expect(isIsoDate(date)).toBe(true);
        expect(addDays(addDays(date, n), -n)).toBe(date);
        if (n >= 0) expect(daysBetween(date, addDays(date, n))).toBe(n + 1);
        expect(dayOfWeek(addDays(date, 7 * n))).toBe(dayOfWeek(date));
      }),
    );
  });
});

describe("comparison periods", () => {
  it("takes the previous period as the same number of days just before", () => {
    expect(previousPeriod("2024-03-01", "2024-03-28")).toEqual({ start: "2024-02-02", end: "2024-02-29" });
    expect(comparisonRange("2024-03-01", "2024-03-31", "previous_period")).toEqual({
      start: "2024-01-30",
      end: "2024-02-29",
    });
  });

  it("takes the previous year 52 weeks back, weekday for weekday, across a leap day", () => {
    const year = previousYear("2024-03-01", "2024-03-28");
    expect(year).toEqual({ start: "2023-03-03", end: "2023-03-30" });
    expect(dayOfWeek(year.start)).toBe(dayOfWeek("2024-03-01"));
    expect(comparisonRange("2025-03-01", "2025-03-31", "previous_year")).toEqual({
      start: "2024-03-02",
      end: "2024-04-01",
    });
  });
});

describe("days in a time zone", () => {
  const at = (iso: string) => new Date(iso);

  it("gives the date of an instant where the project is", () => {
    const instant = at("2024-03-10T04:30:00Z");
    expect(todayIn("America/New_York", instant)).toBe("2024-03-09");
    expect(todayIn("Asia/Tokyo", instant)).toBe("2024-03-10");
    expect(todayIn("UTC", instant)).toBe("2024-03-10");
    expect(dayIn(instant, "Asia/Kolkata")).toBe("2024-03-10");
  });

  it("turns the day at local midnight on both sides of a clock change", () => {
    // New York springs forward at 07:00 UTC on 2024-03-10 and falls back at 06:00 UTC on 2024-11-03.
    expect(todayIn("America/New_York", at("2024-03-10T04:59:59Z"))).toBe("2024-03-09");
    expect(todayIn("America/New_York", at("2024-03-10T05:00:00Z"))).toBe("2024-03-10");
    expect(todayIn("America/New_York", at("2024-03-11T03:59:59Z"))).toBe("2024-03-10"); // 23:59 EDT
    expect(todayIn("America/New_York", at("2024-03-11T04:00:00Z"))).toBe("2024-03-11");
    expect(todayIn("America/New_York", at("2024-11-04T04:59:59Z"))).toBe("2024-11-03"); // 23:59 EST
    expect(todayIn("America/New_York", at("2024-11-04T05:00:00Z"))).toBe("2024-11-04");
    // Sydney leaves daylight saving on 2024-04-07: midnight is at 13:00 UTC the day before, then 14:00.
    expect(todayIn("Australia/Sydney", at("2024-04-06T12:59:59Z"))).toBe("2024-04-06");
    expect(todayIn("Australia/Sydney", at("2024-04-06T13:00:00Z"))).toBe("2024-04-07");
    expect(todayIn("Australia/Sydney", at("2024-04-07T13:59:59Z"))).toBe("2024-04-07");
    expect(todayIn("Australia/Sydney", at("2024-04-07T14:00:00Z"))).toBe("2024-04-08");
  });

  it("reaches a leap day first at UTC+14 and last at UTC−11", () => {
    expect(todayIn("Pacific/Kiritimati", at("2024-02-28T10:00:00Z"))).toBe("2024-02-29");
    expect(todayIn("Pacific/Pago_Pago", at("2024-03-01T10:00:00Z"))).toBe("2024-02-29");
  });

  it("falls back to the runtime's own zone without a zone or with one it does not know", () => {
    const instant = at("2024-06-15T12:00:00Z");
    expect(todayIn("Not/AZone", instant)).toBe(todayIn(undefined, instant));
    expect(todayIn("", instant)).toBe(todayIn(null, instant));
  });
});

describe("formatIsoDate", () => {
  it("shows the calendar day itself, whatever the zone of the runtime", () => {
    expect(formatIsoDate("2024-02-29", { month: "short", day: "numeric", year: "numeric" }, "en-US")).toBe(
      "Feb 29, 2024",
    );
    expect(formatIsoDate("2025-01-01", { day: "numeric", month: "short" })).toBe("Jan 1");
  });
});
