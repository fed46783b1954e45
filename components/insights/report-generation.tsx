"use client";

import { Button } from "@/components/ui/button";
import type { Report } from "@/lib/api-client/types";
import { formatPeriod } from "@/lib/insights/format-values";

const STATUS_TEXT = {
  queued: "Queued: starting in a moment…",
  running: "Finding insights…",
  ready: "Ready",
  failed: "Failed",
} as const;

/** Live progress of a report being made (shown at each change: useReport waits for it); never "come back later". */
export function ReportProgress({
  report,
  onDismiss,
  onRetry,
}: {
  report: Report;
  onDismiss?: () => void;
  onRetry?: () => void;
}) {
  const failed = report.status === "failed";
  const value = report.status === "ready" ? 100 : Math.max(0, Math.min(100, Math.round(report.progress)));
  const label = report.name ? `Progress of report ${report.name}` : "Report progress";
  return (
    <div
      className={`rounded-xl border p-4 sm:p-5 ${failed ? "border-red-200 bg-red-50" : "border-brand-100 bg-brand-50"}`}
      data-testid="report-progress"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-medium text-slate-900">
          {failed
            ? "The report could not be generated"
            : report.status === "ready"
              ? "Your report is ready"
              : "Generating your report"}
          <span className="font-normal text-slate-600"> · {formatPeriod(report.periodStart, report.periodEnd)}</span>
        </p>
        {!failed ? (
          <p className="text-sm tabular-nums text-slate-700" aria-hidden="true">
            {value} %
          </p>
        ) : null}
      </div>
      {failed ? (
        <div role="alert" className="mt-2 text-sm text-red-800">
          <p>{report.error || "Something went wrong. Please try again"}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            {onRetry ? (
              <Button size="sm" variant="secondary" onClick={onRetry}>
                Try again
              </Button>
            ) : null}
            {onDismiss ? (
              <Button size="sm" variant="ghost" onClick={onDismiss}>
                Dismiss
              </Button>
            ) : null}
          </div>
        </div>
      ) : (
        <>
          <div
            role="progressbar"
            aria-label={label}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={value}
            aria-valuetext={`${value} %, ${STATUS_TEXT[report.status].toLowerCase()}`}
            className="mt-3 h-2.5 overflow-hidden rounded-full bg-white ring-1 ring-brand-100"
          >
            <div
              className="h-full rounded-full bg-brand-600 transition-[width] duration-500 ease-out"
              style={{ width: `${value}%` }}
            />
          </div>
          <p className="mt-2 text-sm text-slate-700" aria-live="polite">
            {STATUS_TEXT[report.status]}
          </p>
        </>
      )}
    </div>
  );
}
