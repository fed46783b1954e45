"use client";

import { useId, useMemo } from "react";
import { cn } from "@/components/ui/cn";
import { TARGET_OPTIONS, derivesChannel } from "@/lib/csv-import/column-targets";
import { CSV_MAPPING_MESSAGES } from "@/lib/constants/csv-mapping-messages";
import { GRAIN_WORDS } from "@/lib/csv-import/grain";
import { isTotals, TableRowReader, type TablePlan } from "@/lib/csv-import/table-plan";
import type { CsvMappingState } from "./use-csv-mapping";

/** Rows of the file shown under the column choices. */
const SHOWN_ROWS = 5;
const GROUPS = ["Date", "Dimensions", "Metrics", "Skip"] as const;

/**
 * The first rows of the file, with one choice per column (a dimension, a metric, the date, or
 * Ignore) proposed from the column's name. Problems show under the column they are about once
 * `showProblems` is set (after a first Import), the file-wide ones above the table.
 */
export function CsvMappingPreview({ state, showProblems }: { state: CsvMappingState; showProblems: boolean }) {
  const id = useId();
  const { preview, columns, targets, problems, plan, notes } = state;
  const readAs = useMemo(
    () => (plan && preview ? periodsOf(plan, preview.rows.slice(0, SHOWN_ROWS), preview.lines) : []),
    [plan, preview],
  );
  if (!preview) return null;
  // The first note says what the file is; the tables left out are listed apart.
  const [lead, ...rest] = notes;
  const skipped = rest.filter((n) => n.endsWith("not imported"));
  const others = rest.filter((n) => !n.endsWith("not imported"));
  const columnProblem = (i: number) => problems.find((p) => p.column === i)?.message;
  const fileProblems = problems.filter((p) => p.column === undefined);
  const recognised = columns.filter((c) => c.recognised).length;

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <div>
        <h4 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
          Columns of the file
        </h4>
        <p className="text-sm text-slate-600">
          {recognised} of {columns.length} columns recognised (header on line {preview.headerLine}). Check what each
          column holds; the first {Math.min(SHOWN_ROWS, preview.rows.length)} rows are shown.
        </p>
      </div>

      {lead ? (
        <div
          className="space-y-1 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700"
          data-testid="csv-reading"
        >
          <p className="font-medium text-slate-900">{lead}</p>
          {others.map((note) => (
            <p key={note}>{note}</p>
          ))}
          {skipped.length > 0 ? (
            <details>
              <summary className="cursor-pointer text-slate-800">
                {skipped.length === 1
                  ? "1 other table of the file is not imported"
                  : `${skipped.length} other tables of the file are not imported`}
              </summary>
              <ul className="mt-1 list-disc space-y-0.5 pl-5">
                {skipped.map((note) => (
                  <li key={note}>{note}</li>
                ))}
              </ul>
            </details>
          ) : null}
        </div>
      ) : null}

      {showProblems && fileProblems.length > 0 ? (
        <ul
          role="alert"
          className="space-y-1 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {fileProblems.map((p) => (
            <li key={p.message}>{p.message}</li>
          ))}
        </ul>
      ) : null}

      {state.needsDateOrder ? (
        <div className="space-y-1">
          <label htmlFor={`${id}-order`} className="text-sm font-medium text-slate-800">
            Date order
          </label>
          <p id={`${id}-order-hint`} className="text-xs text-slate-500">
            {CSV_MAPPING_MESSAGES.ambiguousDates}
          </p>
          <select
            id={`${id}-order`}
            aria-describedby={`${id}-order-hint`}
            value={state.dateOrder}
            onChange={(e) => state.setDateOrder(e.target.value === "dmy" ? "dmy" : "mdy")}
            className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
          >
            <option value="mdy">Month/Day/Year (01/31/2026)</option>
            <option value="dmy">Day/Month/Year (31/01/2026)</option>
          </select>
        </div>
      ) : null}

      <div className="overflow-x-auto rounded-lg border border-slate-200">
        <table className="min-w-full text-left text-sm">
          <thead className="bg-slate-50 align-top">
            <tr>
              <th scope="col" className="min-w-28 border-b border-slate-200 px-3 py-2 font-medium text-slate-900">
                Read as
                <span className="block text-xs font-normal text-slate-500">
                  {plan?.table.periods ? `the ${GRAIN_WORDS[plan.table.periods.grain].noun} from` : "date"}
                </span>
              </th>
              {preview.headers.map((header, i) => {
                const problem = showProblems ? columnProblem(i) : undefined;
                const note = columns[i]?.recognised === false ? "Not recognised" : columns[i]?.note;
                const selectId = `${id}-col-${i}`;
                const describedBy = [note ? `${selectId}-note` : "", problem ? `${selectId}-error` : ""]
                  .filter(Boolean)
                  .join(" ");
                return (
                  <th key={i} scope="col" className="min-w-44 border-b border-slate-200 px-3 py-2 font-normal">
                    <label htmlFor={selectId} className="block font-medium text-slate-900">
                      {header || `Column ${i + 1}`}
                    </label>
                    <select
                      id={selectId}
                      value={targets[i]}
                      aria-invalid={Boolean(problem)}
                      aria-describedby={describedBy || undefined}
                      onChange={(e) => state.setTarget(i, e.target.value)}
                      className={cn(
                        "mt-1 w-full rounded-md border bg-white px-2 py-1.5 text-sm",
                        problem ? "border-red-500" : "border-slate-300",
                        targets[i] === "ignore" && "text-slate-500",
                      )}
                    >
                      {GROUPS.map((group) => (
                        <optgroup key={group} label={group}>
                          {TARGET_OPTIONS.filter((o) => o.group === group).map((o) => (
                            <option key={o.value} value={o.value}>
                              {o.label}
                            </option>
                          ))}
                        </optgroup>
                      ))}
                    </select>
                    {note ? (
                      <p id={`${selectId}-note`} className="mt-1 text-xs text-slate-500">
                        {note}
                      </p>
                    ) : null}
                    {problem ? (
                      <p id={`${selectId}-error`} className="mt-1 text-xs text-red-700">
                        {problem}
                      </p>
                    ) : null}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {preview.rows.slice(0, SHOWN_ROWS).map((row, r) => (
              <tr key={r} className="border-t border-slate-100">
                <td className="whitespace-nowrap px-3 py-1.5 text-slate-700 tabular-nums">{readAs[r] ?? ""}</td>
                {preview.headers.map((_, i) => (
                  <td
                    key={i}
                    className={cn(
                      "max-w-56 truncate px-3 py-1.5",
                      // Ignored columns are dimmed, yet legible (slate-500 on white is 4.8:1; slate-400 failed AA).
                      targets[i] === "ignore" ? "text-slate-500" : "text-slate-800",
                    )}
                  >
                    {row[i] ?? ""}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {derivesChannel(targets) ? (
        <p className="text-sm text-slate-600">
          The file has no channel column: each row&apos;s channel is taken from its source and medium, as Google
          Analytics 4 groups them (Organic Search, Paid Search, Email and the others).
        </p>
      ) : null}
    </section>
  );
}

/** How each shown row reads under the plan: its period's first day, "Total" for a totals row, "?" when it does not. */
function periodsOf(plan: TablePlan, rows: string[][], lines: number[]): string[] {
  const reader = new TableRowReader(plan, plan.table.periods?.grain ?? null);
  return rows.map((row, r) => {
    try {
      const read = reader.read(row, lines[r]);
      if (read === null) return "";
      if (read === "ambiguous") return "order?";
      return isTotals(read) ? "Total" : read.start;
    } catch {
      return "?";
    }
  });
}
