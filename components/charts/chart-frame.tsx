"use client";

import type { ReactNode } from "react";
import { ResponsiveContainer } from "recharts";
import { fontStack } from "@/lib/font-stack";

/**
 * A chart's box: the accessible name on a wrapping image role (the chart's own SVG is hidden from screen readers,
 * whose users read the summary and the data table instead) and a container that measures its width, so the SVG is
 * drawn at the page's real pixels and its text keeps its size on a phone (a scaled viewBox shrank it to 6 px).
 */
export function ChartFrame({
  label,
  height,
  font,
  className,
  children,
}: {
  label: string;
  height: number;
  font?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="img" aria-label={label} className={className} style={{ fontFamily: fontStack(font), height }}>
      <div aria-hidden="true" className="h-full w-full">
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height }}>
          {children as React.ReactElement}
        </ResponsiveContainer>
      </div>
    </div>
  );
}

/** Tick and label text: 12 px slate, readable on a phone and above WCAG's contrast minimum. */
export const AXIS_TICK = { fontSize: 12, fill: "#475569" } as const;
export const GRID_STROKE = "#e2e8f0";
/** A daily chart's date axis: readable ticks that never crowd, the first and last day kept. */
export const DATE_AXIS = {
  dataKey: "date",
  tick: AXIS_TICK,
  tickLine: false,
  axisLine: { stroke: "#94a3b8" },
  interval: "preserveStartEnd",
  minTickGap: 28,
} as const;
export const MARK_COLOR = "#b91c1c";
