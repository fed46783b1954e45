import { addDays, todayIn } from "../dates";
import { formatPeriod } from "./format-values";
import { addMonths, periodEnd, type Grain } from "../csv-import/grain";

// Report periods are calendar days in the project's time zone.

/** The default report period: the last 28 full days, ending yesterday. */
export function defaultPeriod(
  timeZone: string | null | undefined,
  now = new Date(),
): { periodStart: string; periodEnd: string } {
  const periodEnd = addDays(todayIn(timeZone, now), -1);
  return { periodStart: addDays(periodEnd, -27), periodEnd };
}

/**
 * The name a report gets when it is not given one: the project and the period, as a valid file name (the spec's
 * report name rule: none of . < > : " | ? * / \).
 */
export function defaultReportName(projectName: string, periodStart: string, periodEnd: string): string {
  return `${projectName} ${periodStart} to ${periodEnd}`.replace(/[.<>:"|?*/\\]/g, " ").slice(0, 255);
}

/**
 * A report's name where a header already gives its project and period: its own name, or null for the default name,
 * which would say both again ("Northwind 2026-10-28 to 2026-11-26 · Oct 28, 2026 – Nov 26, 2026").
 */
export function ownReportName(
  report: { name: string | null; periodStart: string; periodEnd: string },
  projectName: string,
): string | null {
  if (!report.name) return null;
  return report.name === defaultReportName(projectName, report.periodStart, report.periodEnd) ? null : report.name;
}

const MONTHS = [
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

/**
 * A period as people name it: a whole calendar month "November 2026", a whole quarter "Q4 2026", a whole year "2026",
 * any other days as their range ("Nov 3 – Nov 30, 2026", formatPeriod). For file names, subjects and titles.
 */
export function periodName(start: string, end: string): string {
  const [y, m, d] = [Number(start.slice(0, 4)), Number(start.slice(5, 7)), Number(start.slice(8, 10))];
  const lastOf = (year: number, month: number) => addDays(`${year}-${String(month + 1).padStart(2, "0")}-01`, -1);
  const monthEnd = (months: number) => {
    const last = m - 1 + months - 1; // 0-based month of the period's last month
    const year = y + Math.floor(last / 12);
    const month = (last % 12) + 1;
    return month === 12 ? `${year}-12-31` : lastOf(year, month);
  };
  if (d === 1 && end === monthEnd(1)) return `${MONTHS[m - 1]} ${y}`;
  if (d === 1 && (m - 1) % 3 === 0 && end === monthEnd(3)) return `Q${(m + 2) / 3} ${y}`;
  if (d === 1 && m === 1 && end === `${y}-12-31`) return String(y);
  return formatPeriod(start, end);
}

/** What a project's data covers, for the report it proposes: its last day and the grain of its rows. */
export interface DataCoverage {
  /** The last period's first day (a day, a week's or a month's). */
  lastPeriod: string;
  grain: Grain;
  /** The file that holds it does not say where its range ends: the last week or month may be partial. */
  lastPeriodMayBePartial?: boolean;
}

const WEEKS = 4;

/**
 * The report a project's data proposes: its last full weeks, compared with the weeks before — the last 28 days of
 * daily data (each weekday four times), the last four of the source's own weeks for weekly data (one that may be
 * partial left out), the last three months for monthly data — ending no later than yesterday. Without data, the
 * last 28 days to yesterday.
 */
export function proposedPeriod(
  coverage: DataCoverage | null,
  timeZone: string | null | undefined,
  now = new Date(),
): { periodStart: string; periodEnd: string } {
  const yesterday = addDays(todayIn(timeZone, now), -1);
  if (!coverage) return defaultPeriod(timeZone, now);
  const { grain } = coverage;
  if (grain === "week") {
    let last = coverage.lastPeriodMayBePartial ? addDays(coverage.lastPeriod, -7) : coverage.lastPeriod;
    while (periodEnd(last, "week") > yesterday) last = addDays(last, -7);
    return { periodStart: addDays(last, -7 * (WEEKS - 1)), periodEnd: periodEnd(last, "week") };
  }
  if (grain === "month") {
    let last = coverage.lastPeriod;
    if (coverage.lastPeriodMayBePartial) last = addMonths(last, -1);
    while (periodEnd(last, "month") > yesterday) last = addMonths(last, -1);
    return { periodStart: addMonths(last, -2), periodEnd: periodEnd(last, "month") };
  }
  // Four full weeks of days (28 of them, each weekday four times), ending on the data's last day.
  const end = coverage.lastPeriod < yesterday ? coverage.lastPeriod : yesterday;
  return { periodStart: addDays(end, -7 * WEEKS + 1), periodEnd: end };
}

/**
 * The coverage of a project's data from its sources: the latest last day over the sources with rows (weekly or
 * monthly when every source is). `sources`: each with its grain, the dates of its rows and its last upload's summary.
 */
export function projectCoverage(
  sources: readonly {
    grain?: Grain;
    status?: string;
    dataRange?: { start: string; end: string } | null;
    additional?: Record<string, unknown> | null;
  }[],
): DataCoverage | null {
  const withData = sources.filter((s) => s.status !== "suspended" && s.dataRange);
  if (withData.length === 0) return null;
  const grains = new Set(withData.map((s) => s.grain ?? "day"));
  if (grains.size === 1 && !grains.has("day")) {
    const grain = [...grains][0];
    const latest = withData.reduce((a, b) => (a.dataRange!.end >= b.dataRange!.end ? a : b));
    const upload = latest.additional?.upload as { lastPeriodMayBePartial?: boolean } | undefined;
    return {
      lastPeriod: latest.dataRange!.end,
      grain,
      lastPeriodMayBePartial: Boolean(upload?.lastPeriodMayBePartial),
    };
  }
  // Mixed grains: days, to the last day any source covers.
  const last = withData.map((s) => periodEnd(s.dataRange!.end, s.grain ?? "day")).reduce((a, b) => (a >= b ? a : b));
  return { lastPeriod: last, grain: "day" };
}
