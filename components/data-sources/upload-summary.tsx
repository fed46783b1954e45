import type { ReactNode } from "react";
import type { StoredUploadSummary, UploadSummary } from "@/lib/api-client/types";
import { formatDate } from "@/lib/format";
import { dimensionLabel, formatPeriod, metricLabel } from "@/lib/insights/format-values";

/** The last upload's summary an upload source keeps in `additional.upload`, if any. */
export function storedUpload(additional: Record<string, unknown> | null | undefined): StoredUploadSummary | null {
  const upload = additional?.upload as StoredUploadSummary | undefined;
  return upload && typeof upload.rows === "number" ? upload : null;
}

/** Rows, dates, metrics and dimensions of an import. */
export function UploadSummaryList({
  summary,
  fileName,
  compact = false,
}: {
  summary: UploadSummary | StoredUploadSummary;
  fileName?: string | null;
  compact?: boolean;
}) {
  const stored = summary as StoredUploadSummary;
  const file = fileName ?? stored.fileName;
  return (
    <dl
      className={
        compact ? "grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2" : "grid gap-x-8 gap-y-3 text-sm sm:grid-cols-2"
      }
    >
      {file ? <Item label="File">{file}</Item> : null}
      <Item label="Rows imported">{summary.rows.toLocaleString("en")}</Item>
      <Item label="Date range">{formatPeriod(summary.dateRange.start, summary.dateRange.end)}</Item>
      {typeof summary.replacedDates === "number" && summary.replacedDates > 0 ? (
        <Item label="Dates replaced">{summary.replacedDates.toLocaleString("en")}</Item>
      ) : null}
      <Item label="Metrics">{summary.metrics.map(metricLabel).join(", ") || "–"}</Item>
      <Item label="Dimensions">
        {summary.dimensions.length
          ? summary.dimensions
              .map((d) =>
                summary.derivedDimensions?.includes(d)
                  ? `${dimensionLabel(d)} (from source and medium)`
                  : dimensionLabel(d),
              )
              .join(", ")
          : "None (site totals)"}
      </Item>
      {stored.uploadedAt ? <Item label="Uploaded">{formatDate(stored.uploadedAt)}</Item> : null}
    </dl>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="font-medium text-slate-700">{label}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}
