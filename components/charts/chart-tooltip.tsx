import type { ReactNode } from "react";

/** The box a chart's tooltip shows: a title (the day or the segment) and labelled lines. */
export function ChartTooltipBox({ title, rows }: { title: ReactNode; rows: { label: string; value: string }[] }) {
  return (
    <div className="rounded-md border border-slate-200 bg-white px-3 py-2 text-xs text-slate-800 shadow-md">
      <p className="font-semibold text-slate-900">{title}</p>
      <dl className="mt-1 space-y-0.5">
        {rows.map((r) => (
          <div key={r.label} className="flex justify-between gap-4">
            <dt className="text-slate-600">{r.label}</dt>
            <dd className="font-medium tabular-nums">{r.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
