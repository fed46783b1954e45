import type { ReactNode } from "react";

/**
 * The numbers behind a chart as a real table, in a disclosure: keyboard and screen-reader users
 * (and anyone who wants the exact figures) open it; it stays out of the way otherwise.
 */
export function ChartDataTable({
  caption,
  columns,
  rows,
  summary = "Show the chart's data",
}: {
  caption: string;
  columns: string[];
  rows: ReactNode[][];
  summary?: string;
}) {
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer text-brand-700 underline-offset-2 hover:underline">{summary}</summary>
      <div className="relative mt-2 max-h-72 overflow-auto rounded-md border border-slate-200">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="sticky top-0 bg-slate-50 text-slate-700">
            <tr>
              {columns.map((c) => (
                <th key={c} scope="col" className="px-3 py-1.5 font-medium">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((cells, i) => (
              <tr key={i}>
                {cells.map((cell, j) =>
                  j === 0 ? (
                    <th key={j} scope="row" className="px-3 py-1 font-normal whitespace-nowrap text-slate-800">
                      {cell}
                    </th>
                  ) : (
                    <td key={j} className="px-3 py-1 whitespace-nowrap tabular-nums text-slate-800">
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
