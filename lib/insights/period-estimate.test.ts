import { describe, expect, it } from "vitest";
import { addDays, dayOfWeek } from "@/lib/dates";
import { estimatePeriodTotal } from "./period-estimate";

// Four weeks from Monday 2026-03-02: weekdays at 100, weekends at 40 (a week holds 580).
const weeks = (days = 28) =>
  Array.from({ length: days }, (_, i) => {
    const date = addDays("2026-03-02", i);
    return { date, value: dayOfWeek(date) === 0 || dayOfWeek(date) === 6 ? 40 : 100 };
  });

describe("estimatePeriodTotal", () => {
  it("sums a period whose days are all known", () => {
    expect(estimatePeriodTotal(weeks())).toEqual({ total: 2320, known: 2320, estimatedDays: [] });
  });

  it("counts an unknown day at the mean of its weekday's known days in the period", () => {
    const points = weeks().map((p) => (p.date === "2026-03-14" || p.date === "2026-03-18" ? { ...p, value: null } : p));
    // A Saturday (40) and a Wednesday (100) missing: the sum of the rest, plus those two estimated.
    expect(estimatePeriodTotal(points)).toEqual({
      total: 2320,
      known: 2180,
      estimatedDays: ["2026-03-14", "2026-03-18"],
    });
  });

  it("falls back to the mean of every known day when no day shares the weekday", () => {
    const points = weeks(7).map((p) => (p.date === "2026-03-02" ? { ...p, value: null } : p));
    // Tuesday to Sunday: 4 × 100 + 2 × 40 = 480 over 6 days; the Monday counts 80.
    expect(estimatePeriodTotal(points).total).toBeCloseTo(560, 9);
  });

  it("estimates nothing when no day is known", () => {
    const none = weeks(3).map((p) => ({ ...p, value: null }));
    expect(estimatePeriodTotal(none)).toEqual({ total: 0, known: 0, estimatedDays: [] });
  });
});
