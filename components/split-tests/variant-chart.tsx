"use client";

import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import { AXIS_TICK, ChartFrame, DATE_AXIS, GRID_STROKE } from "@/components/charts/chart-frame";
import { ChartTooltipBox } from "@/components/charts/chart-tooltip";
import { contrastingColor } from "@/components/charts/colors";
import type { ChartLook } from "@/lib/hooks/use-chart-look";

/** Both variants' daily values as two lines (A dashed, B solid); the caller supplies the summary label. */
export function VariantChart({
  points,
  look,
  label,
  formatValue,
  formatDate,
}: {
  points: { date: string; a: number | null; b: number | null }[];
  look: ChartLook;
  label: string;
  formatValue: (v: number) => string;
  formatDate: (d: string) => string;
}) {
  if (points.length < 2) return null;
  const colorA = contrastingColor(look.chartColor, look.palette, "#64748b");
  const byDate = new Map(points.map((p) => [p.date, p]));
  const figure = (v: number | null) => (v === null ? "No data" : formatValue(v));
  return (
    <figure className="space-y-2">
      <ChartFrame label={label} height={240} font={look.font}>
        <LineChart data={points} margin={{ top: 8, right: 12, bottom: 4, left: 4 }} accessibilityLayer={false}>
          <CartesianGrid stroke={GRID_STROKE} vertical={false} />
          <XAxis {...DATE_AXIS} tickFormatter={formatDate} />
          <YAxis tickFormatter={formatValue} tick={AXIS_TICK} tickLine={false} axisLine={false} width={64} />
          <Tooltip
            isAnimationActive={false}
            content={({ active, label: date }) => {
              const p = active && typeof date === "string" ? byDate.get(date) : undefined;
              if (!p) return null;
              return (
                <ChartTooltipBox
                  title={formatDate(p.date)}
                  rows={[
                    { label: "A", value: figure(p.a) },
                    { label: "B", value: figure(p.b) },
                  ]}
                />
              );
            }}
          />
          <Line
            dataKey="a"
            stroke={colorA}
            strokeWidth={2}
            strokeDasharray="5 4"
            dot={false}
            isAnimationActive={false}
            connectNulls={false}
          />
          <Line
            dataKey="b"
            stroke={look.chartColor}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
            connectNulls={false}
          />
        </LineChart>
      </ChartFrame>
      <figcaption className="flex flex-wrap gap-4 text-xs text-slate-600">
        <span className="inline-flex items-center gap-1">
          <span
            aria-hidden
            className="inline-block h-0.5 w-5 border-t-2 border-dashed"
            style={{ borderColor: colorA }}
          />
          A
        </span>
        <span className="inline-flex items-center gap-1">
          <span aria-hidden className="inline-block h-0.5 w-5" style={{ background: look.chartColor }} />B
        </span>
      </figcaption>
    </figure>
  );
}
