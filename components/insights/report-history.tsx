"use client";

import { Link } from "@/components/ui/link";
import { useState } from "react";
import { useAlerts } from "@/components/alerts/alerts-context";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { ConfirmDialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/page-state";
import type { Report } from "@/lib/api-client/types";
import { formatDate } from "@/lib/format";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useDeleteReport } from "@/lib/hooks/use-insights";
import { COMPARE_TO_LABELS, formatPeriod } from "@/lib/insights/format-values";
import { isReportActive } from "@/lib/report-status";

const STATUS = {
  queued: { label: "Queued", className: "bg-slate-100 text-slate-800 ring-slate-200" },
  running: { label: "Generating", className: "bg-brand-50 text-brand-800 ring-brand-100" },
  ready: { label: "Ready", className: "bg-green-50 text-green-800 ring-green-200" },
  failed: { label: "Failed", className: "bg-red-50 text-red-800 ring-red-200" },
} as const;

export const reportTitle = (report: Pick<Report, "name" | "periodStart" | "periodEnd">) =>
  report.name || `Report ${formatPeriod(report.periodStart, report.periodEnd)}`;

interface ReportHistoryProps {
  projectId: string;
  reports: Report[];
  total: number;
  viewingId: string | null;
  masterId: string | null;
  canManage: boolean;
  onDeleted: (report: Report) => void;
  /** A report was opened (the dialog holding the list closes). */
  onOpen?: () => void;
}

/** Every report of the project, newest first: open a past one, delete those the user may manage. */
export function ReportHistory({
  projectId,
  reports,
  total,
  viewingId,
  masterId,
  canManage,
  onDeleted,
  onOpen,
}: ReportHistoryProps) {
  const alerts = useAlerts();
  const remove = useDeleteReport(projectId);
  const [confirming, setConfirming] = useState<Report | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (reports.length === 0)
    return (
      <EmptyState title="No reports yet">
        Generated reports are listed here. Use Generate report to make the first one.
      </EmptyState>
    );

  const confirmDelete = async () => {
    if (!confirming) return;
    setError(null);
    try {
      await remove.mutateAsync(confirming._id);
      alerts.success(`${reportTitle(confirming)} deleted`);
      onDeleted(confirming);
      setConfirming(null);
    } catch (raw) {
      setError(toApiError(raw).message);
    }
  };

  return (
    <>
      <p className="text-sm text-slate-600">
        {total} {total === 1 ? "report" : "reports"}
      </p>
      <ul
        aria-label="Report history"
        className="mt-2 max-h-[60vh] divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200"
      >
        {reports.map((report) => {
          const status = STATUS[report.status];
          const viewing = report._id === viewingId;
          const titleId = `report-${report._id}-title`;
          return (
            <li
              key={report._id}
              className={cn("flex flex-wrap items-center justify-between gap-2 px-3 py-2.5", viewing && "bg-brand-50")}
            >
              <div className="min-w-0">
                <p id={titleId} className="truncate text-sm font-medium text-slate-900">
                  {reportTitle(report)}
                  {report._id === masterId ? (
                    <span className="ml-2 text-xs font-normal text-slate-600">(master)</span>
                  ) : report.status === "ready" && report.hasData === false ? (
                    <span className="ml-2 text-xs font-normal text-amber-800">(no data for its period)</span>
                  ) : null}
                </p>
                <p className="text-xs text-slate-600">
                  {formatPeriod(report.periodStart, report.periodEnd)} · vs{" "}
                  {COMPARE_TO_LABELS[report.compareTo].toLowerCase()}
                  {report.createdAt ? ` · made ${formatDate(report.createdAt)}` : ""}
                </p>
              </div>
              <div className="flex items-center gap-2">
                <span className={cn("rounded-full px-2 py-0.5 text-xs font-medium ring-1", status.className)}>
                  {status.label}
                </span>
                {report.status === "ready" && !viewing ? (
                  <Link
                    href={
                      report._id === masterId
                        ? `/client-projects/${projectId}`
                        : `/client-projects/${projectId}?report=${report._id}`
                    }
                    scroll={false}
                    onClick={onOpen}
                    className="text-sm font-medium text-brand-700 underline underline-offset-2"
                    aria-describedby={titleId}
                  >
                    Open
                  </Link>
                ) : viewing ? (
                  <span className="text-xs text-slate-600">Showing</span>
                ) : null}
                {canManage && !isReportActive(report) ? (
                  <Button size="sm" variant="ghost" aria-describedby={titleId} onClick={() => setConfirming(report)}>
                    Delete report
                  </Button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={confirming !== null}
        onClose={() => {
          setConfirming(null);
          setError(null);
        }}
        title={`Delete ${confirming ? reportTitle(confirming) : "report"}?`}
        confirmLabel="Delete report"
        loading={remove.isPending}
        error={error}
        onConfirm={() => void confirmDelete()}
      >
        The report and its insights are deleted, and they leave any tag or saved list that held them. This cannot be
        undone.
      </ConfirmDialog>
    </>
  );
}
