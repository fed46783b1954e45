import "server-only";
import type { Report } from "../../db/schema";

/** A report as the API shows it (GET /reports/{id}, the list, and the 202 of POST /reports/add). */
export function reportView(report: Report) {
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
  };
}
export type ReportView = ReturnType<typeof reportView>;
