"use client";

import { useMemo } from "react";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { FormField, SelectField } from "@/components/ui/form-field";
import type { Report } from "@/lib/api-client/types";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useGenerateReport } from "@/lib/hooks/use-insights";
import { useServerForm } from "@/lib/hooks/use-server-form";
import { COMPARE_TO_LABELS } from "@/lib/insights/format-values";
import { todayIn } from "@/lib/dates";
import { proposedPeriod, type DataCoverage } from "@/lib/insights/report-period";
import { generateReportFormSchema } from "@/lib/validation/insight-forms";

/**
 * "Generate report": a period (proposed from the project's data: its last full weeks, not today's month when the
 * data ends a year ago), what to compare it to, an optional name.
 */
export function GenerateReportForm({
  projectId,
  timeZone,
  coverage,
  onQueued,
}: {
  projectId: string;
  timeZone: string;
  /** What the project's data covers (lib/insights/report-period.ts); the last 28 days without it. */
  coverage?: DataCoverage | null;
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
    defaultValues: { ...proposedPeriod(coverage ?? null, timeZone), compareTo: "previous_period", name: "" },
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
