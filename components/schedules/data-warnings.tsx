"use client";

import { Link } from "@/components/ui/link";
import { formatDay } from "@/lib/insights/format-values";
import { periodName } from "@/lib/insights/report-period";

export interface NextRunData {
  period: { start: string; end: string };
  hasData: boolean;
  warnings: { sourceId: string | null; problem: string; message: string }[];
}

/**
 * What the next run will find in the project's sources: nothing when all is well; otherwise each source that will
 * not have the period's data, what to do about it, and whether the run will be sent at all (a run without data
 * for its period is not).
 */
export function DataWarnings({
  data,
  projectId,
  runDay,
}: {
  data: NextRunData | null | undefined;
  projectId: string;
  runDay?: string | null;
}) {
  if (!data || data.warnings.length === 0) return null;
  const period = periodName(data.period.start, data.period.end);
  return (
    <div role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p className="font-medium">
        {data.hasData
          ? `The next run${runDay ? ` (${formatDay(runDay)})` : ""} reports on ${period}, but some of its data will be missing:`
          : `The next run${runDay ? ` (${formatDay(runDay)})` : ""} reports on ${period}, and as things stand it will find no data: it will not be sent, and you will be told why.`}
      </p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {data.warnings.map((w, i) => (
          <li key={w.sourceId ?? i}>{w.message}</li>
        ))}
      </ul>
      <p className="mt-2">
        <Link href={`/client-projects/${projectId}/data-sources`}>Open the project’s data sources</Link>
      </p>
    </div>
  );
}
