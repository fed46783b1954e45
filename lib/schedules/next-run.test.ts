import { TZDate } from "@date-fns/tz";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { closedPeriod, nextRun, type ScheduleTiming } from "./next-run";

const at = (iso: string) => new Date(iso);
const iso = (d: Date) => d.toISOString().replace(".000Z", "Z");
const LONDON = "Europe/London";
const NEW_YORK = "America/New_York";
const SYDNEY = "Australia/Sydney";

describe("weekly", () => {
  const monday9: ScheduleTiming = { frequency: "weekly", weekday: 1, time: "09:00" };

  it("runs on the chosen weekday at the local time", () => {
    expect(iso(nextRun(monday9, LONDON, at("2024-01-03T10:00:00Z")))).toBe("2024-01-08T09:00:00Z");
    // Same day, time still ahead: today. Time passed (or exactly now): next week.
    expect(iso(nextRun(monday9, LONDON, at("2024-01-08T08:59:00Z")))).toBe("2024-01-08T09:00:00Z");
    expect(iso(nextRun(monday9, LONDON, at("2024-01-08T09:00:00Z")))).toBe("2024-01-15T09:00:00Z");
  });

  it("numbers Sunday 0 and Saturday 6", () => {
    expect(iso(nextRun({ frequency: "weekly", weekday: 0, time: "18:30" }, NEW_YORK, at("2024-06-12T00:00:00Z")))).toBe(
      "2024-06-16T22:30:00Z",
    );
    expect(iso(nextRun({ frequency: "weekly", weekday: 6, time: "07:00" }, SYDNEY, at("2024-06-12T00:00:00Z")))).toBe(
      "2024-06-14T21:00:00Z", // Saturday 15 June 07:00 AEST
    );
  });

  it("keeps 09:00 local across the spring and autumn changes", () => {
    // London: BST from 31 March 2024, GMT again from 27 October 2024.
    expect(iso(nextRun(monday9, LONDON, at("2024-03-25T09:00:00Z")))).toBe("2024-04-01T08:00:00Z");
    expect(iso(nextRun(monday9, LONDON, at("2024-10-21T08:00:00Z")))).toBe("2024-10-28T09:00:00Z");
    // New York: EDT from 10 March 2024.
    expect(iso(nextRun(monday9, NEW_YORK, at("2024-03-04T14:00:00Z")))).toBe("2024-03-11T13:00:00Z");
    // Sydney: AEDT ends 7 April 2024, starts again 6 October 2024.
    expect(iso(nextRun(monday9, SYDNEY, at("2024-04-01T00:00:00Z")))).toBe("2024-04-07T23:00:00Z");
    expect(iso(nextRun(monday9, SYDNEY, at("2024-10-01T00:00:00Z")))).toBe("2024-10-06T22:00:00Z");
  });

  it("runs a time inside the spring-forward gap once, just after the gap", () => {
    const sunday0130: ScheduleTiming = { frequency: "weekly", weekday: 0, time: "01:30" };
    const run = nextRun(sunday0130, LONDON, at("2024-03-30T12:00:00Z"));
    expect(iso(run)).toBe("2024-03-31T01:30:00Z"); // 02:30 BST: 01:30 does not exist that night
    expect(iso(nextRun(sunday0130, LONDON, run))).toBe("2024-04-07T00:30:00Z");
  });

  it("runs a time that happens twice on the fall-back night only once", () => {
    const sunday0130: ScheduleTiming = { frequency: "weekly", weekday: 0, time: "01:30" };
    const run = nextRun(sunday0130, LONDON, at("2024-10-26T12:00:00Z"));
    expect(iso(run)).toBe("2024-10-27T01:30:00Z");
    // Asking again from the first occurrence of 01:30 (00:30Z) or from the run itself: next week.
    expect(iso(nextRun(sunday0130, LONDON, at("2024-10-27T00:30:00Z")))).toBe("2024-10-27T01:30:00Z");
    expect(iso(nextRun(sunday0130, LONDON, run))).toBe("2024-11-03T01:30:00Z");
    const nyRun = nextRun(sunday0130, NEW_YORK, at("2024-11-02T12:00:00Z"));
    expect(iso(nextRun(sunday0130, NEW_YORK, nyRun))).toBe("2024-11-10T06:30:00Z");
  });

  it("crosses the year end", () => {
    const friday: ScheduleTiming = { frequency: "weekly", weekday: 5, time: "17:00" };
    expect(iso(nextRun(friday, NEW_YORK, at("2024-12-28T00:00:00Z")))).toBe("2025-01-03T22:00:00Z");
  });
});

describe("monthly", () => {
  it("runs on the last day: 29 February in a leap year, 28 in others, 31 after", () => {
    const last: ScheduleTiming = { frequency: "monthly", monthDay: "last", time: "09:00" };
    expect(iso(nextRun(last, LONDON, at("2024-01-31T12:00:00Z")))).toBe("2024-02-29T09:00:00Z");
    expect(iso(nextRun(last, LONDON, at("2023-01-31T12:00:00Z")))).toBe("2023-02-28T09:00:00Z");
    expect(iso(nextRun(last, LONDON, at("2024-02-29T09:00:00Z")))).toBe("2024-03-31T08:00:00Z"); // BST that day
    expect(iso(nextRun(last, LONDON, at("2024-04-30T08:00:00Z")))).toBe("2024-05-31T08:00:00Z");
    expect(iso(nextRun(last, LONDON, at("2024-12-31T10:00:00Z")))).toBe("2025-01-31T09:00:00Z");
    expect(iso(nextRun(last, LONDON, at("2100-01-31T10:00:00Z")))).toBe("2100-02-28T09:00:00Z"); // not a leap year
  });

  it("runs on the second and the 15th day", () => {
    const second: ScheduleTiming = { frequency: "monthly", monthDay: "second", time: "09:00" };
    expect(iso(nextRun(second, LONDON, at("2024-01-02T09:00:00Z")))).toBe("2024-02-02T09:00:00Z");
    const fifteenth: ScheduleTiming = { frequency: "monthly", monthDay: "fifteenth", time: "09:00" };
    expect(iso(nextRun(fifteenth, NEW_YORK, at("2024-03-14T00:00:00Z")))).toBe("2024-03-15T13:00:00Z");
  });

  it("uses the project's calendar, not UTC's", () => {
    const second: ScheduleTiming = { frequency: "monthly", monthDay: "second", time: "08:00" };
    // 22:00Z on 1 January is already 09:00 on 2 January in Sydney, past 08:00.
    expect(iso(nextRun(second, SYDNEY, at("2024-01-01T22:00:00Z")))).toBe("2024-02-01T21:00:00Z");
  });
});

describe("quarterly and annually", () => {
  it("runs quarterly in January, April, July and October", () => {
    const q: ScheduleTiming = { frequency: "quarterly", monthDay: "second", time: "08:00" };
    expect(iso(nextRun(q, SYDNEY, at("2024-02-10T00:00:00Z")))).toBe("2024-04-01T21:00:00Z"); // AEDT
    expect(iso(nextRun(q, SYDNEY, at("2024-04-02T00:00:00Z")))).toBe("2024-07-01T22:00:00Z"); // AEST
    expect(iso(nextRun(q, SYDNEY, at("2024-11-01T00:00:00Z")))).toBe("2025-01-01T21:00:00Z");
  });

  it("runs annually in the chosen month, on 29 February when there is one", () => {
    const feb: ScheduleTiming = { frequency: "annually", monthDay: "last", month: 2, time: "09:00" };
    expect(iso(nextRun(feb, LONDON, at("2023-06-01T00:00:00Z")))).toBe("2024-02-29T09:00:00Z");
    expect(iso(nextRun(feb, LONDON, at("2024-03-01T00:00:00Z")))).toBe("2025-02-28T09:00:00Z");
    const dec: ScheduleTiming = { frequency: "annually", monthDay: "fifteenth", month: 12, time: "23:30" };
    expect(iso(nextRun(dec, NEW_YORK, at("2024-12-16T00:00:00Z")))).toBe("2024-12-16T04:30:00Z");
    expect(iso(nextRun(dec, NEW_YORK, at("2024-12-16T04:30:00Z")))).toBe("2025-12-16T04:30:00Z");
  });

  it("refuses incomplete timings", () => {
    expect(() => nextRun({ frequency: "weekly", time: "09:00" }, LONDON, new Date())).toThrow(/weekday/);
    expect(() => nextRun({ frequency: "annually", monthDay: "last", time: "09:00" }, LONDON, new Date())).toThrow(
      /month/,
    );
    expect(() => nextRun({ frequency: "weekly", weekday: 1, time: "9am" }, LONDON, new Date())).toThrow(/HH:MM/);
  });
});

describe("every run, in every zone", () => {
  const zones = [LONDON, NEW_YORK, SYDNEY, "UTC", "Asia/Kolkata"];
  const timing = fc.oneof(
    fc.record({ frequency: fc.constant("weekly" as const), weekday: fc.integer({ min: 0, max: 6 }) }),
    fc.record({
      frequency: fc.constantFrom("monthly" as const, "quarterly" as const),
      monthDay: fc.constantFrom("second" as const, "fifteenth" as const, "last" as const),
    }),
    fc.record({
      frequency: fc.constant("annually" as const),
      monthDay: fc.constantFrom("second" as const, "fifteenth" as const, "last" as const),
      month: fc.integer({ min: 1, max: 12 }),
    }),
  );
  // Hours from 04:00 keep clear of every DST gap in these zones, so the local time must be exact.
  const time = fc
    .tuple(fc.integer({ min: 4, max: 23 }), fc.integer({ min: 0, max: 59 }))
    .map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`);

  it("is strictly later, at the local time, on a matching day, and stable before it", () => {
    fc.assert(
      fc.property(
        timing,
        time,
        fc.constantFrom(...zones),
        fc.date({ min: new Date("2020-01-01"), max: new Date("2035-01-01"), noInvalidDate: true }),
        (t, hhmm, zone, after) => {
          const schedule = { ...t, time: hhmm } as ScheduleTiming;
          const run = nextRun(schedule, zone, after);
          expect(run.getTime()).toBeGreaterThan(after.getTime());
          const local = new TZDate(run.getTime(), zone);
          expect(`${String(local.getHours()).padStart(2, "0")}:${String(local.getMinutes()).padStart(2, "0")}`).toBe(
            hhmm,
          );
          if (schedule.frequency === "weekly") expect(local.getDay()).toBe(schedule.weekday);
          else {
            const last = new Date(local.getFullYear(), local.getMonth() + 1, 0).getDate();
            const day = { second: 2, fifteenth: 15, last }[schedule.monthDay ?? "last"];
            expect(local.getDate()).toBe(day);
            if (schedule.frequency === "quarterly") expect(local.getMonth() % 3).toBe(0);
            if (schedule.frequency === "annually") expect(local.getMonth() + 1).toBe(schedule.month);
          }
          // Asked again a millisecond before the run, the answer is the same run: no skipped or doubled runs.
          expect(nextRun(schedule, zone, new Date(run.getTime() - 1)).getTime()).toBe(run.getTime());
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe("the period a run reports on", () => {
  it("weekly: the last complete Monday–Sunday week", () => {
    expect(closedPeriod("weekly", LONDON, at("2024-03-04T09:00:00Z"))).toEqual({
      start: "2024-02-26",
      end: "2024-03-03",
    });
    expect(closedPeriod("weekly", LONDON, at("2024-01-03T09:00:00Z"))).toEqual({
      start: "2023-12-25",
      end: "2023-12-31",
    });
    // Sunday runs report the week before, not the one still under way.
    expect(closedPeriod("weekly", NEW_YORK, at("2024-03-10T22:00:00Z"))).toEqual({
      start: "2024-02-26",
      end: "2024-03-03",
    });
  });

  it("monthly: the previous calendar month, leap February included", () => {
    expect(closedPeriod("monthly", LONDON, at("2024-03-02T09:00:00Z"))).toEqual({
      start: "2024-02-01",
      end: "2024-02-29",
    });
    expect(closedPeriod("monthly", LONDON, at("2024-03-31T08:00:00Z"))).toEqual({
      start: "2024-02-01",
      end: "2024-02-29",
    });
    expect(closedPeriod("monthly", LONDON, at("2024-01-15T09:00:00Z"))).toEqual({
      start: "2023-12-01",
      end: "2023-12-31",
    });
    // 22:00Z on 31 March is 1 April in Sydney: March has closed there.
    expect(closedPeriod("monthly", SYDNEY, at("2024-03-31T22:00:00Z"))).toEqual({
      start: "2024-03-01",
      end: "2024-03-31",
    });
  });

  it("quarterly and annually: the previous calendar quarter and year", () => {
    expect(closedPeriod("quarterly", LONDON, at("2024-04-02T08:00:00Z"))).toEqual({
      start: "2024-01-01",
      end: "2024-03-31",
    });
    expect(closedPeriod("quarterly", LONDON, at("2024-01-02T09:00:00Z"))).toEqual({
      start: "2023-10-01",
      end: "2023-12-31",
    });
    expect(closedPeriod("annually", LONDON, at("2024-02-29T09:00:00Z"))).toEqual({
      start: "2023-01-01",
      end: "2023-12-31",
    });
  });
});
