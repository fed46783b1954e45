import type { ChartLook } from "@/lib/hooks/use-chart-look";
import { contrastingColor } from "./scale";

export interface Bar {
  label: string;
  value: number;
}

interface BarChartProps {
  bars: Bar[];
  look: ChartLook;
  label: string;
  formatValue: (value: number) => string;
  /** Diverging bars around zero (drivers: up in the chart colour, down in a contrasting one). */
  diverging?: boolean;
  compact?: boolean;
  className?: string;
}

const ROW = 30;
const COMPACT_ROW = 18;

/**
 * Horizontal bars. Each bar's value is written beside it with its sign, so colour is never the
 * only cue; labels sit in their own column and are cut with an ellipsis (the full text is the title).
 */
export function BarChart({
  bars,
  look,
  label,
  formatValue,
  diverging = true,
  compact = false,
  className,
}: BarChartProps) {
  const row = compact ? COMPACT_ROW : ROW;
  const W = 640;
  const labelW = compact ? 0 : 180;
  const valueW = compact ? 0 : 96;
  const plotLeft = labelW + 8;
  const plotW = W - plotLeft - valueW - 8;
  const H = Math.max(row, bars.length * row) + 4;
  const maxAbs = Math.max(...bars.map((b) => Math.abs(b.value)), 0) || 1;
  const hasNegative = diverging && bars.some((b) => b.value < 0);
  const zero =
    hasNegative && bars.some((b) => b.value > 0) ? plotLeft + plotW / 2 : hasNegative ? plotLeft + plotW : plotLeft;
  const span = hasNegative && bars.some((b) => b.value > 0) ? plotW / 2 : plotW;
  const positive = look.chartColor;
  const negative = contrastingColor(look.chartColor, look.palette);
  const truncate = (text: string) => (text.length > 26 ? `${text.slice(0, 25)}…` : text);

  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      className={className ?? "h-auto w-full max-w-3xl"}
      role="img"
      aria-label={label}
      style={{ fontFamily: look.font }}
    >
      {bars.map((bar, i) => {
        const width = (Math.abs(bar.value) / maxAbs) * span;
        const x0 = bar.value >= 0 ? zero : zero - width;
        const cy = i * row + row / 2 + 2;
        return (
          <g key={`${bar.label}-${i}`} data-testid="chart-bar">
            <title>{`${bar.label}: ${formatValue(bar.value)}`}</title>
            {compact ? null : (
              <text x={labelW} y={cy} dy="0.32em" textAnchor="end" fontSize="13" fill="#1e293b">
                {truncate(bar.label)}
              </text>
            )}
            <rect
              x={x0}
              y={cy - row * 0.32}
              width={Math.max(width, 1)}
              height={row * 0.64}
              rx={2}
              fill={bar.value >= 0 ? positive : negative}
            />
            {compact ? null : (
              <text x={W - valueW} y={cy} dy="0.32em" fontSize="13" fill="#334155">
                {formatValue(bar.value)}
              </text>
            )}
          </g>
        );
      })}
      {hasNegative ? <line x1={zero} x2={zero} y1={0} y2={H} stroke="#94a3b8" /> : null}
    </svg>
  );
}
