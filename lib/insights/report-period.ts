import { addDays, todayIn } from "../dates";
import { formatPeriod } from "./format-values";

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
