import "server-only";
import type { Report } from "../../db/schema";

/**
 * A report as the API shows it (GET /reports/{id}, the list, and the 202 of POST /reports/add). `hasData` is
 * known on the list (false: a ready report whose period the data does not cover); elsewhere it is null.
 */
export function reportView(report: Report, hasData: boolean | null = null) {
  return {
    _id: report.id,
    projectId: report.projectId,
    name: report.name,
    status: report.status,
    progress: report.progress,
    periodStart: report.periodStart,
    periodEnd: report.periodEnd,
    compareTo: report.compareTo,
    error: report.error,
    createdById: report.createdById,
    startedAt: report.startedAt,
    finishedAt: report.finishedAt,
    createdAt: report.createdAt,
    updatedAt: report.updatedAt,
    hasData,
  };
}
export type ReportView = ReturnType<typeof reportView>;
