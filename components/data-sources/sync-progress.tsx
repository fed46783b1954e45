"use client";

import { ErrorState, LoadingState } from "@/components/ui/page-state";
import { formatDate } from "@/lib/format";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useSyncStatus } from "@/lib/hooks/use-google";

/** The live state of a source's import: a progress bar while a run goes, polled every 2 seconds. */
export function SyncProgress({ dataSourceId }: { dataSourceId: string }) {
  const status = useSyncStatus(dataSourceId);
  if (status.isPending) return <LoadingState label="Checking the import…" />;
  if (status.isError)
    return <ErrorState message={toApiError(status.error).message} onRetry={() => void status.refetch()} />;
  const { state, running, progress, runs, syncable } = status.data;
  if (!syncable) return null;
  const last = runs.find((r) => r.status !== "running");
  const percent = progress && progress.daysTotal > 0 ? Math.round((progress.daysDone / progress.daysTotal) * 100) : 0;
  return (
    <div className="space-y-2" aria-live="polite">
      {running ? (
        <>
          <div
            role="progressbar"
            aria-label="Import progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={progress ? `${progress.daysDone} of ${progress.daysTotal} days imported` : "Starting"}
            className="h-2.5 overflow-hidden rounded-full bg-slate-100 ring-1 ring-slate-200"
          >
            <div
              className="h-full rounded-full bg-brand-600 transition-[width]"
              style={{ width: `${Math.max(percent, 3)}%` }}
            />
          </div>
          <p className="text-sm text-slate-700">
            Importing:{" "}
            {progress
              ? `${progress.daysDone.toLocaleString("en")} of ${progress.daysTotal.toLocaleString("en")} days`
              : "starting"}
            {state?.importedThrough ? `, through ${formatDate(state.importedThrough)}` : ""}…
          </p>
        </>
      ) : state?.tokenUpdateFailed ? null : last?.status === "succeeded" ? (
        <p className="text-sm text-slate-700">
          Last import finished: {last.rows.toLocaleString("en")} rows
          {last.startDate && last.endDate ? ` for ${formatDate(last.startDate)} to ${formatDate(last.endDate)}` : ""}.
        </p>
      ) : last?.status === "failed" ? (
        <p role="alert" className="text-sm text-red-700">
          {last.error}
        </p>
      ) : (
        <p className="text-sm text-slate-700">The first import is queued and starts within a minute.</p>
      )}
    </div>
  );
}
