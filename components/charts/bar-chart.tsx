"use client";

import {
  Bar as RechartsBar,
  BarChart as RechartsBarChart,
  Cell,
  LabelList,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { ChartLook } from "@/lib/hooks/use-chart-look";
import { AXIS_TICK, ChartFrame } from "./chart-frame";
import { ChartTooltipBox } from "./chart-tooltip";
import { contrastingColor } from "./colors";

export interface Bar {
  label: string;
  value: number;
}

interface BarChartProps {
  bars: Bar[];
  look: ChartLook;
  label: string;
  formatValue: (value: number) => string;
  /** What a bar's value is, in the tooltip ("Contribution"). */
  valueLabel?: string;
  /** Diverging bars around zero (drivers: up in the chart colour, down in a contrasting one). */
  diverging?: boolean;
  compact?: boolean;
  className?: string;
}

const ROW = 34;
const COMPACT_ROW = 22;
const LABEL_CHARS = 20;
/** A card's chart names its bars too (a row of unlabelled bars says nothing), in a narrower column. */
const COMPACT_LABEL_CHARS = 17;

/**
 * Horizontal bars. Each bar's value is written beside it with its sign, so colour is never the only cue; a long
 * segment name is cut on the axis and given in full by the tooltip and the data table. Zero is always on the
 * axis: bars that all go down grow left from it, not from the smallest of them.
 */
export function BarChart({
  bars,
  look,
  label,
  formatValue,
  valueLabel = "Value",
  diverging = true,
  compact = false,
  className,
}: BarChartProps) {
  const row = compact ? COMPACT_ROW : ROW;
  const positive = look.chartColor;
  const negative = contrastingColor(look.chartColor, look.palette);
  const hasNegative = diverging && bars.some((b) => b.value < 0);
  const chars = compact ? COMPACT_LABEL_CHARS : LABEL_CHARS;
  const cut = (text: string) => (text.length > chars ? `${text.slice(0, chars - 1)}…` : text);
  const data = bars.map((b, i) => ({ key: `${i}`, name: b.label, value: b.value }));
  return (
    <ChartFrame
      label={label}
      height={Math.max(row, bars.length * row) + 8}
      font={look.font}
      className={className ?? "w-full max-w-3xl"}
    >
      <RechartsBarChart
        data={data}
        layout="vertical"
        margin={{ top: 4, right: compact ? 76 : 96, bottom: 4, left: 4 }}
        barCategoryGap="22%"
        accessibilityLayer={false}
      >
        <XAxis type="number" hide domain={[(min: number) => Math.min(0, min), (max: number) => Math.max(0, max)]} />
        <YAxis
          type="category"
          dataKey="name"
          width={compact ? 124 : 136}
          interval={0}
          // One line per name, cut with an ellipsis: the axis's own tick wraps at spaces into the next bar's row.
          tick={({ x, y, payload }) => (
            <text x={Number(x)} y={Number(y)} dy="0.32em" textAnchor="end" {...AXIS_TICK}>
              {cut(String(payload?.value ?? ""))}
            </text>
          )}
          tickLine={false}
          axisLine={false}
        />
        {compact ? null : (
          <Tooltip
            isAnimationActive={false}
            cursor={{ fill: "#f1f5f9" }}
            content={({ active, payload }) => {
              const item = active ? (payload?.[0]?.payload as { name: string; value: number } | undefined) : undefined;
              return item ? (
                <ChartTooltipBox title={item.name} rows={[{ label: valueLabel, value: formatValue(item.value) }]} />
              ) : null;
            }}
          />
        )}
        {hasNegative ? <ReferenceLine x={0} stroke="#94a3b8" /> : null}
        <RechartsBar dataKey="value" isAnimationActive={false} radius={2}>
          {data.map((d) => (
            <Cell key={d.key} fill={d.value >= 0 ? positive : negative} data-testid="chart-bar" />
          ))}
          {
            <LabelList
              dataKey="value"
              content={(props) => {
                // Always right of the bar's right end: for a bar going down from zero that is the zero line, so
                // the figure never runs into the segment names on the left.
                const x = Number(props.x ?? 0);
                const width = Number(props.width ?? 0);
                const y = Number(props.y ?? 0) + Number(props.height ?? 0) / 2;
                const value = typeof props.value === "number" ? props.value : Number(props.value);
                if (!Number.isFinite(value)) return null;
                return (
                  <text x={Math.max(x, x + width) + 4} y={y} dy="0.32em" {...AXIS_TICK} fill="#334155">
                    {formatValue(value)}
                  </text>
                );
              }}
            />
          }
        </RechartsBar>
      </RechartsBarChart>
    </ChartFrame>
  );
}
