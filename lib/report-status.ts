/** The statuses of a report still being made: it is followed until it leaves them. */
export const ACTIVE_REPORT_STATUSES = ["queued", "running"] as const;

/** Is the report still queued or running (not yet ready or failed)? */
export function isReportActive(report: { status: string } | null | undefined): boolean {
  return (ACTIVE_REPORT_STATUSES as readonly string[]).includes(report?.status ?? "");
}
