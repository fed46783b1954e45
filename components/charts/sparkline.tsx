"use client";

import { Area, ComposedChart, Line, ReferenceDot, XAxis, YAxis } from "recharts";
import type { ChartLook } from "@/lib/hooks/use-chart-look";
import { ChartFrame, MARK_COLOR } from "./chart-frame";
import { withAlpha } from "./colors";
import type { BandPoint, ChartMark } from "./line-band-chart";

const known = (v: number | null | undefined): v is number => typeof v === "number" && Number.isFinite(v);

/** A small line (with its expected band when known) for cards and KPI tiles; its label gives the numbers. */
export function Sparkline({
  points,
  marks = [],
  look,
  label,
  className,
  height = 48,
}: {
  points: BandPoint[];
  marks?: ChartMark[];
  look: ChartLook;
  label: string;
  className?: string;
  height?: number;
}) {
  const data = points.map((p) => ({
    date: p.date,
    value: p.value,
    band: known(p.low) && known(p.high) ? [p.low, p.high] : null,
  }));
  const byDate = new Map(points.map((p) => [p.date, p]));
  return (
    <ChartFrame label={label} height={height} className={className ?? "w-full"}>
      <ComposedChart data={data} margin={{ top: 4, right: 4, bottom: 4, left: 4 }} accessibilityLayer={false}>
        <XAxis dataKey="date" hide />
        <YAxis hide domain={["auto", "auto"]} />
        {data.some((d) => d.band) ? (
          <Area dataKey="band" stroke="none" fill={withAlpha(look.chartColor, 0.18)} isAnimationActive={false} />
        ) : null}
        <Line
          dataKey="value"
          stroke={look.chartColor}
          strokeWidth={1.75}
          dot={false}
          isAnimationActive={false}
          connectNulls={false}
        />
        {marks.map((m) => {
          const p = byDate.get(m.date);
          return p && known(p.value) ? (
            <ReferenceDot key={`${m.date}-${m.kind}`} x={m.date} y={p.value} r={2.5} fill={MARK_COLOR} stroke="none" />
          ) : null;
        })}
      </ComposedChart>
    </ChartFrame>
  );
}
