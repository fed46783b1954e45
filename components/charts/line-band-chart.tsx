"use client";

import { Area, CartesianGrid, ComposedChart, Line, ReferenceDot, ReferenceLine, Tooltip, XAxis, YAxis } from "recharts";
import type { ChartLook } from "@/lib/hooks/use-chart-look";
import { AXIS_TICK, ChartFrame, DATE_AXIS, GRID_STROKE, MARK_COLOR } from "./chart-frame";
import { ChartTooltipBox } from "./chart-tooltip";
import { withAlpha } from "./colors";
import { markLabel } from "./mark-label";

export interface BandPoint {
  date: string;
  value: number | null;
  expected?: number | null;
  low?: number | null;
  high?: number | null;
}
export interface ChartMark {
  date: string;
  kind: string;
}

interface LineBandChartProps {
  points: BandPoint[];
  marks?: ChartMark[];
  /** The report period's first day, drawn as a line, when the points start before it. */
  periodStart?: string;
  look: ChartLook;
  /** What the chart shows, summarised with its numbers: the accessible name of the image. */
  label: string;
  /** Axis ticks (short: "$18.5K"). */
  formatValue: (value: number) => string;
  /** Tooltip figures (full: "$18,503.20"). */
  formatFull?: (value: number) => string;
  formatDate: (date: string) => string;
  /** The metric's name with its unit, written along the value axis ("Revenue (USD)"). */
  axisLabel?: string;
  seriesLabel?: string;
  height?: number;
  className?: string;
}

const known = (v: number | null | undefined): v is number => typeof v === "number" && Number.isFinite(v);
/** The report period's line: slate-600, which keeps its label's contrast on white. */
const PERIOD_LINE = "#475569";

/**
 * The daily series as a line over its expected range (a shaded band) and the expected value (dashed), anomalies and
 * change points circled, with value and date axes, and a tooltip giving each day's figures.
 */
export function LineBandChart({
  points,
  marks = [],
  periodStart,
  look,
  label,
  formatValue,
  formatFull = formatValue,
  formatDate,
  axisLabel,
  seriesLabel = "Value",
  height = 280,
  className,
}: LineBandChartProps) {
  const data = points.map((p) => ({
    date: p.date,
    value: p.value,
    expected: known(p.expected) ? p.expected : null,
    band: known(p.low) && known(p.high) ? [p.low, p.high] : null,
  }));
  const hasBand = data.some((d) => d.band);
  const hasExpected = data.some((d) => d.expected !== null);
  const byDate = new Map(points.map((p) => [p.date, p]));
  const values = points.flatMap((p) => [p.value, p.low, p.high]).filter(known);
  const min = values.length ? Math.min(...values) : 0;
  const max = values.length ? Math.max(...values) : 1;
  // Counts start at zero unless that would flatten the line (a narrow range far from zero).
  const floor = min >= 0 && min < max * 0.5 ? 0 : "auto";
  const markKinds = new Map(marks.map((m) => [m.date, m.kind]));

  return (
    <ChartFrame label={label} height={height} font={look.font} className={className}>
      <ComposedChart data={data} margin={{ top: 8, right: 12, bottom: 4, left: 4 }} accessibilityLayer={false}>
        <CartesianGrid stroke={GRID_STROKE} vertical={false} />
        <XAxis {...DATE_AXIS} tickFormatter={formatDate} />
        <YAxis
          tickFormatter={formatValue}
          tick={AXIS_TICK}
          tickLine={false}
          axisLine={false}
          width={axisLabel ? 76 : 64}
          domain={[floor, "auto"]}
          label={
            axisLabel
              ? {
                  value: axisLabel,
                  angle: -90,
                  position: "insideLeft",
                  offset: 0,
                  style: { ...AXIS_TICK, textAnchor: "middle" },
                }
              : undefined
          }
        />
        <Tooltip
          isAnimationActive={false}
          content={({ active, label: date }) => {
            const p = active && typeof date === "string" ? byDate.get(date) : undefined;
            if (!p) return null;
            const rows = [{ label: seriesLabel, value: known(p.value) ? formatFull(p.value) : "No data" }];
            if (known(p.expected)) rows.push({ label: "Expected", value: formatFull(p.expected) });
            if (known(p.low) && known(p.high))
              rows.push({ label: "Expected range", value: `${formatFull(p.low)} – ${formatFull(p.high)}` });
            const kind = markKinds.get(p.date);
            if (kind) rows.push({ label: "Marked", value: markLabel(kind) });
            return <ChartTooltipBox title={formatDate(p.date)} rows={rows} />;
          }}
        />
        {hasBand ? (
          <Area
            dataKey="band"
            stroke="none"
            fill={withAlpha(look.chartColor, 0.18)}
            isAnimationActive={false}
            activeDot={false}
            connectNulls={false}
          />
        ) : null}
        {hasExpected ? (
          <Line
            dataKey="expected"
            stroke={withAlpha(look.chartColor, 0.65)}
            strokeWidth={1.5}
            strokeDasharray="4 4"
            dot={false}
            activeDot={false}
            isAnimationActive={false}
          />
        ) : null}
        <Line
          dataKey="value"
          stroke={look.chartColor}
          strokeWidth={2.25}
          dot={false}
          isAnimationActive={false}
          connectNulls={false}
        />
        {periodStart && byDate.has(periodStart) ? (
          <ReferenceLine
            x={periodStart}
            stroke={PERIOD_LINE}
            strokeDasharray="2 3"
            label={{ value: "Report period", position: "insideTopLeft", style: { ...AXIS_TICK, fill: PERIOD_LINE } }}
            data-testid="chart-period-start"
          />
        ) : null}
        {marks.map((m) => {
          const p = byDate.get(m.date);
          return p && known(p.value) ? (
            <ReferenceDot
              key={`${m.date}-${m.kind}`}
              x={m.date}
              y={p.value}
              r={5.5}
              fill="white"
              stroke={MARK_COLOR}
              strokeWidth={2.5}
              data-testid="chart-mark"
            />
          ) : null;
        })}
      </ComposedChart>
    </ChartFrame>
  );
}
