"use client";

import dynamic from "next/dynamic";

// The charts (recharts, about 120 kB gzipped) load after the page's own script, so a report's text,
// numbers and data tables are there first and the page's first JavaScript stays under its budget
// (`npm run bench -- page-js`). Each placeholder keeps the chart's room, so nothing moves when the
// chart arrives; screen readers get the chart's summary from its frame and its data table.

/** What a lazily loaded chart shows until recharts arrives: the chart's room, marked as loading. */
export function chartPlaceholder(height: number) {
  function ChartLoading() {
    return (
      <div
        aria-hidden="true"
        data-loading=""
        className="w-full animate-pulse rounded-md bg-slate-50"
        style={{ height }}
      />
    );
  }
  return ChartLoading;
}

export const LineBandChart = dynamic(() => import("./line-band-chart").then((m) => m.LineBandChart), {
  loading: chartPlaceholder(280),
});

export const BarChart = dynamic(() => import("./bar-chart").then((m) => m.BarChart), {
  loading: chartPlaceholder(240),
});

export const Sparkline = dynamic(() => import("./sparkline").then((m) => m.Sparkline), {
  loading: chartPlaceholder(48),
});
