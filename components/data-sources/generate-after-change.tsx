"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useGenerateReport } from "@/lib/hooks/use-insights";
import { addDays, todayIn } from "@/lib/dates";

/**
 * After a data change: reports already made keep the data they read, so say a new report is what
 * reflects the change, and offer it at once (the last 28 days of the new data, up to yesterday).
 * The project page then shows its progress live.
 */
export function GenerateAfterChange({
  projectId,
  timeZone,
  dataEnd,
  canGenerate,
}: {
  projectId: string;
  timeZone: string;
  dataEnd?: string;
  canGenerate: boolean;
}) {
  const router = useRouter();
  const generate = useGenerateReport(projectId);
  const [error, setError] = useState<string | null>(null);
  const yesterday = addDays(todayIn(timeZone), -1);
  const periodEnd = dataEnd && dataEnd < yesterday ? dataEnd : yesterday;

  const onGenerate = async () => {
    setError(null);
    try {
      await generate.mutateAsync({ periodStart: addDays(periodEnd, -27), periodEnd, compareTo: "previous_period" });
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
          <Button onClick={() => void onGenerate()} loading={generate.isPending}>
            Generate report
          </Button>
        </div>
      ) : null}
    </div>
  );
}
