import type { ReactNode } from "react";
import type { StoredUploadSummary, UploadSummary } from "@/lib/api-client/types";
import { formatDate } from "@/lib/format";
import { GRAIN_WORDS } from "@/lib/csv-import/grain";
import { dimensionLabel, formatPeriod, metricLabel } from "@/lib/insights/format-values";

/** The last upload's summary an upload source keeps in `additional.upload`, if any. */
export function storedUpload(additional: Record<string, unknown> | null | undefined): StoredUploadSummary | null {
  const upload = additional?.upload as StoredUploadSummary | undefined;
  return upload && typeof upload.rows === "number" ? upload : null;
}

const number = (value: number) => value.toLocaleString("en", { maximumFractionDigits: 2 });

/** Rows, dates and grain, metrics and their totals, dimensions, the file's totals checked, what was left out. */
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
      <Item label="Date range">
        {formatPeriod(summary.dateRange.start, summary.dateRange.end)}
        {summary.grain && summary.grain !== "day" ? (
          <span className="text-slate-600">
            {" "}
            ({GRAIN_WORDS[summary.grain].adjective}, each row a {GRAIN_WORDS[summary.grain].noun} from its first day
            {summary.lastPeriodMayBePartial
              ? "; the file does not say where its range ends, so the last may be partial"
              : ""}
            )
          </span>
        ) : null}
      </Item>
      {typeof summary.replacedDates === "number" && summary.replacedDates > 0 ? (
        <Item label="Dates replaced">{summary.replacedDates.toLocaleString("en")}</Item>
      ) : null}
      <Item label="Metrics">
        {summary.metrics
          .map((m) => {
            const total = summary.totals?.[m];
            return total === undefined || m === "users" || m === "position"
              ? metricLabel(m)
              : `${metricLabel(m)} (${number(total)} in all)`;
          })
          .join(", ") || "–"}
      </Item>
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
      {summary.fileTotals?.length ? (
        <Item label="The file's totals rows" wide>
          <ul className="space-y-0.5">
            {summary.fileTotals.map((t) => (
              <li key={t.line}>
                Line {t.line} ({t.label}):{" "}
                {t.matches
                  ? "equal to the sum of the rows"
                  : t.metrics
                      .filter((m) => m.file !== m.rows)
                      .map(
                        (m) => `${metricLabel(m.metric)} ${number(m.file)} in the file, ${number(m.rows)} in the rows`,
                      )
                      .join("; ")}
              </li>
            ))}
          </ul>
        </Item>
      ) : null}
      {!compact && summary.notes?.length ? (
        <Item label="How the file was read" wide>
          <ul className="list-disc space-y-0.5 pl-5">
            {summary.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </Item>
      ) : null}
    </dl>
  );
}

function Item({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "min-w-0 sm:col-span-2" : "min-w-0"}>
      <dt className="font-medium text-slate-700">{label}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}
