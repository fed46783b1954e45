import { dayNumber, dayOfWeek } from "@/lib/dates";
import { studentTQuantile, twoSidedStudentTP } from "../stats/distributions";
import { invertMatrix, solveLinearSystem } from "../stats/linear-algebra";
import type { DailyPoint, Finding } from "../types";

// A trend as a growth rate with its unit and a confidence interval — "+2.1 % per week (95 %:
// +0.8 % to +3.4 %)" — instead of a regression slope in currency per day, which no marketer can
// compare across metrics or projects.
//
// Model: log(y_t) = a + b·t + weekday effects + ε over the period's days (y > 0), fitted by least
// squares; the rate per unit of U days is exp(U·b) − 1. Daily marketing series are autocorrelated
// (a good week follows a good week), which makes the plain OLS standard error of b too small; it
// is inflated by √((1 + ρ)/(1 − ρ)), ρ the lag-1 autocorrelation of the residuals (the variance
// factor of a trend coefficient under AR(1) errors), when ρ > 0.

export interface TrendRateFinding extends Finding {
  kind: "trend";
  /** Growth per unit (0.021 = +2.1 % per week), with its confidence interval. */
  rate: number;
  rateLow: number;
  rateHigh: number;
  rateUnit: "week" | "month";
  pValue: number;
  /** Daily log-slope and its (autocorrelation-inflated) standard error. */
  slope: number;
  slopeSe: number;
  rho: number;
}

const UNIT_DAYS = { week: 7, month: 30.4375 } as const;

export function trendRate(
  series: readonly DailyPoint[],
  options: {
    metric: string;
    periodStart: string;
    periodEnd: string;
    confidence?: number;
    /**
     * First days of level shifts found in the period: each gets a step term, so the rate is the growth beyond the
     * steps (a series that stepped down once is not "declining 4.5 % per week").
     */
    steps?: readonly string[];
  },
): TrendRateFinding | null {
  const confidence = options.confidence ?? 0.95;
  const days = series.filter(
    (p): p is { date: string; value: number } =>
      p.date >= options.periodStart && p.date <= options.periodEnd && p.value !== null && p.value > 0,
  );
  if (days.length < 21) return null;
  const t0 = dayNumber(days[0].date);
  const weekdays = [...new Set(days.map((p) => dayOfWeek(p.date)))].sort();
  const dummies = weekdays.slice(1);
  // A step needs a week of days on each side to be told from the slope.
  const steps = (options.steps ?? []).filter(
    (date) => days.filter((p) => p.date < date).length >= 7 && days.filter((p) => p.date >= date).length >= 7,
  );
  const k = 2 + dummies.length + steps.length;
  const df = days.length - k;
  if (df < 10) return null;
  const x = days.map((p) => {
    const dow = dayOfWeek(p.date);
    return [
      1,
      dayNumber(p.date) - t0,
      ...dummies.map((d) => (d === dow ? 1 : 0)),
      ...steps.map((date) => (p.date >= date ? 1 : 0)),
    ];
  });
  const y = days.map((p) => Math.log(p.value));
  const xtx = Array.from({ length: k }, (_, a) => Array.from({ length: k }, (_, b) => sumOf(x, (r) => r[a] * r[b])));
  const xty = Array.from({ length: k }, (_, a) => x.reduce((s, r, i) => s + r[a] * y[i], 0));
  const beta = solveLinearSystem(xtx, xty);
  const inverse = invertMatrix(xtx);
  if (!beta || !inverse) return null;
  const residuals = x.map((r, i) => y[i] - r.reduce((s, v, j) => s + v * beta[j], 0));
  const rss = residuals.reduce((s, e) => s + e * e, 0);
  let lagged = 0;
  for (let i = 1; i < residuals.length; i++) lagged += residuals[i] * residuals[i - 1];
  const rho = rss > 0 ? Math.max(0, Math.min(0.9, lagged / rss)) : 0;
  const se = Math.sqrt(Math.max(0, (rss / df) * inverse[1][1])) * Math.sqrt((1 + rho) / (1 - rho));
  const b = beta[1];
  const periodDays = dayNumber(options.periodEnd) - dayNumber(options.periodStart) + 1;
  const rateUnit = periodDays >= 90 ? "month" : "week";
  const u = UNIT_DAYS[rateUnit];
  const q = studentTQuantile(1 - (1 - confidence) / 2, df);
  const pValue = se === 0 ? (b === 0 ? 1 : 0) : twoSidedStudentTP(b / se, df);
  return {
    kind: "trend",
    metric: options.metric,
    dimension: null,
    dimensionValue: null,
    periodStart: options.periodStart,
    periodEnd: options.periodEnd,
    current: null,
    baseline: null,
    change: null,
    changePct: Math.expm1(u * b),
    expectedLow: null,
    expectedHigh: null,
    confidence,
    direction: b > 0 ? "up" : b < 0 ? "down" : null,
    rate: Math.expm1(u * b),
    rateLow: Math.expm1(u * (b - q * se)),
    rateHigh: Math.expm1(u * (b + q * se)),
    rateUnit,
    pValue,
    slope: b,
    slopeSe: se,
    rho,
  };
}

function sumOf(rows: number[][], f: (r: number[]) => number): number {
  let s = 0;
  for (const r of rows) s += f(r);
  return s;
}
