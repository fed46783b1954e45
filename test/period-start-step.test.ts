import { describe, expect, it } from "vitest";
import { addDays } from "@/lib/dates";
import { SHOP_END, SHOP_START, reportOnShop, shopVisitsCsv } from "@/test/generated-shop";

// A step on the period's first day that the level shift scan dates a day or two before it (its dating is good to
// within a few days for a step of two or three times the day-to-day noise). Email's visits fell 70 % and Organic
// Search gained 10 % on the period's first day; Organic Search's step was dated two days early and, dated before the
// period, left out of the report (detectors/change-points.ts, `reachesFrom`).

type Shift = { kind: string; metric: string; dimensionValue: string | null; date: string; kpiEffect: number };

/** Email's sessions down 70 % from the period's first day, and Organic Search's up by what Email lost. */
const movedMixCsv = (seed: number) =>
  shopVisitsCsv(seed, (cell) => {
    if (cell.date < SHOP_START) return cell.expected;
    if (cell.channel === "Email") return cell.expected * 0.3;
    if (cell.channel === "Organic Search") return cell.expected + (120 * 0.7 * cell.expected) / 900;
    return cell.expected;
  });

describe("a step on the period's first day dated just before it", () => {
  it("is reported, its effect counted over the period's days", async () => {
    const rows = await reportOnShop(movedMixCsv(12));
    const shifts = rows.flatMap((r) => r.findings as Shift[]).filter((f) => f.kind === "level_shift");
    const organic = shifts.find((f) => f.dimensionValue === "Organic Search" && f.metric === "sessions");
    expect(organic, rows.map((r) => r.summary).join("\n")).toBeDefined();
    expect(organic!.date < SHOP_START).toBe(true);
    expect(organic!.date >= addDays(SHOP_START, -3)).toBe(true);
    // About 89 more sessions a day for the period's 30 days (not the 32 from its date), at 2 % and $60 an order.
    expect(organic!.kpiEffect).toBeGreaterThan(2400);
    expect(organic!.kpiEffect).toBeLessThan(4000);
    expect(rows.map((r) => r.summary).join("\n")).toMatch(
      new RegExp(
        "Sessions for Channel “Organic Search” shifted from about \\d+ to \\d+ a day on Oct (19|20|21), 2026, " +
          "just before this period \\(\\+",
      ),
    );
  });

  it("is not a step the scan misplaced before the period, with nothing there in the weeks around it", async () => {
    // Organic Search rises 10 % twelve days before the period's end only: no step of it is dated before the period.
    const rows = await reportOnShop(
      shopVisitsCsv(12, (cell) =>
        cell.channel === "Organic Search" && cell.date >= addDays(SHOP_END, -11) ? cell.expected * 1.3 : cell.expected,
      ),
    );
    const shifts = rows.flatMap((r) => r.findings as Shift[]).filter((f) => f.kind === "level_shift");
    expect(shifts.filter((f) => f.date < SHOP_START)).toEqual([]);
    expect(shifts.some((f) => f.dimensionValue === "Organic Search" && f.date >= addDays(SHOP_END, -13))).toBe(true);
  });
});
