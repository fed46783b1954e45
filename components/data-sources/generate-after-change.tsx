"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useGenerateReport } from "@/lib/hooks/use-insights";
import { formatPeriod } from "@/lib/insights/format-values";
import { proposedPeriod, type DataCoverage } from "@/lib/insights/report-period";

/**
 * After a data change: reports already made keep the data they read, so say a new report is what
 * reflects the change, and offer it at once: the last full weeks of the new data (its own weeks for weekly data,
 * months for monthly), compared with those before, up to yesterday (lib/insights/report-period.ts). The project page
 * then shows its progress live.
 */
export function GenerateAfterChange({
  projectId,
  timeZone,
  coverage,
  canGenerate,
}: {
  projectId: string;
  timeZone: string;
  /** What the new data covers: its last period and grain. */
  coverage?: DataCoverage | null;
  canGenerate: boolean;
}) {
  const router = useRouter();
  const generate = useGenerateReport(projectId);
  const [error, setError] = useState<string | null>(null);
  const { periodStart, periodEnd } = proposedPeriod(coverage ?? null, timeZone);

  const onGenerate = async () => {
    setError(null);
    try {
      await generate.mutateAsync({ periodStart, periodEnd, compareTo: "previous_period" });
      router.push(`/client-projects/${projectId}`);
    } catch (raw) {
      setError(toApiError(raw).message);
    }
  };

  return (
    <div className="rounded-lg border border-brand-100 bg-brand-50 p-4 text-sm text-slate-800">
      <p>
        Reports already made keep the data they were made from: a new report reflects this change, and takes seconds.
      </p>
      {canGenerate ? (
        <div className="mt-3 space-y-2">
          <FormError message={error} />
          <p className="text-slate-700" data-testid="proposed-period">
            {formatPeriod(periodStart, periodEnd)}, compared with the{" "}
            {coverage?.grain === "month" ? "3 months" : "4 weeks"} before.
          </p>
          <Button onClick={() => void onGenerate()} loading={generate.isPending}>
            Generate report
          </Button>
        </div>
      ) : null}
    </div>
  );
}
