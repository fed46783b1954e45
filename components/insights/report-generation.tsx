"use client";

import { useMemo } from "react";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { FormField, SelectField } from "@/components/ui/form-field";
import type { Report } from "@/lib/api-client/types";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useGenerateReport } from "@/lib/hooks/use-insights";
import { useServerForm } from "@/lib/hooks/use-server-form";
import { COMPARE_TO_LABELS, formatPeriod } from "@/lib/insights/format-values";
import { todayIn } from "@/lib/dates";
import { defaultPeriod } from "@/lib/insights/report-period";
import { generateReportFormSchema } from "@/lib/validation/insight-forms";

/**
 * "Generate report": a period (default: the last 28 days ending yesterday), what to compare it to, an optional
 * name.
 */
export function GenerateReportForm({
  projectId,
  timeZone,
  onQueued,
}: {
  projectId: string;
  timeZone: string;
  onQueued: (report: Report) => void;
}) {
  const today = todayIn(timeZone);
  const schema = useMemo(() => generateReportFormSchema(today), [today]);
  const generate = useGenerateReport(projectId);
  const {
    register,
    handleSubmit,
    setError,
    applyServerErrors,
    formState: { errors, isSubmitting },
  } = useServerForm(schema, {
    serverFields: ["name", "periodStart", "periodEnd", "compareTo"],
    defaultValues: { ...defaultPeriod(timeZone), compareTo: "previous_period", name: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const report = await generate.mutateAsync(values);
      onQueued(report);
    } catch (raw) {
      const error = toApiError(raw);
      const unmatched = applyServerErrors(error);
      if (!error.errors || Object.keys(unmatched).length) setError("root", { message: error.message });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Generate report">
      <FormError message={errors.root?.message} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Period start"
          type="date"
          required
          max={today}
          error={errors.periodStart?.message}
          {...register("periodStart")}
        />
        <FormField
          label="Period end"
          type="date"
          required
          max={today}
          error={errors.periodEnd?.message}
          {...register("periodEnd")}
        />
      </div>
      <SelectField label="Compare to" required error={errors.compareTo?.message} {...register("compareTo")}>
        <option value="previous_period">{COMPARE_TO_LABELS.previous_period}</option>
        <option value="previous_year">{COMPARE_TO_LABELS.previous_year}</option>
      </SelectField>
      <FormField
        label="Report name"
        hint='Optional. Used for exports, so no . < > : " | ? * / \'
        autoComplete="off"
        error={errors.name?.message}
        {...register("name")}
      />
      <Button type="submit" loading={isSubmitting} className="w-full sm:w-auto">
        Generate report
      </Button>
    </form>
  );
}

const STATUS_TEXT = {
  queued: "Queued: starting in a moment…",
  running: "Finding insights…",
  ready: "Ready",
  failed: "Failed",
} as const;

/** Live progress of a report being made (polled every second), never "come back later". */
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
