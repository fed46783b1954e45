import { addDays, todayIn } from "../dates";

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
