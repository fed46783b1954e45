import { useId } from "react";
import type { ChartLook } from "@/lib/hooks/use-chart-look";
import { bandPaths, extent, linePath, linear, niceTicks, withAlpha } from "./scale";

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
  look: ChartLook;
  /** What the chart shows, summarised with its numbers: the accessible name of the image. */
  label: string;
  formatValue: (value: number) => string;
  formatDate: (date: string) => string;
  className?: string;
}

const W = 640;
const H = 260;
const M = { top: 12, right: 12, bottom: 28, left: 64 };

const MARK_LABELS: Record<string, string> = {
  spike: "Spike",
  drop: "Drop",
  level_shift: "Level shift",
  trend: "Trend change",
};
export const markLabel = (kind: string) => MARK_LABELS[kind] ?? kind.replaceAll("_", " ");

/**
 * The daily series as a line over its expected range (a shaded band), with anomalies and change
 * points marked. Scales with its container (viewBox); the caller supplies the accessible summary.
 */
export function LineBandChart({
  points,
  marks = [],
  look,
  label,
  formatValue,
  formatDate,
  className,
}: LineBandChartProps) {
  const clipId = useId();
  const values = points.flatMap((p) => [p.value, p.low ?? null, p.high ?? null]);
  const domain = extent(values) ?? { min: 0, max: 1 };
  // Counts start at zero unless that would flatten the line (a narrow range far from zero).
  const floor = domain.min >= 0 && domain.min < domain.max * 0.5 ? 0 : domain.min;
  const ticks = niceTicks(floor, domain.max);
  const y = linear({ min: ticks[0], max: ticks[ticks.length - 1] }, [H - M.bottom, M.top]);
  const step = points.length > 1 ? (W - M.left - M.right) / (points.length - 1) : 0;
  const x = (i: number) => M.left + (points.length > 1 ? i * step : (W - M.left - M.right) / 2);
  const hasBand = points.some((p) => typeof p.low === "number" && typeof p.high === "number");
  const line = linePath(points.map((p, i) => ({ x: x(i), y: p.value === null ? null : y(p.value) })));
  const expected = linePath(
    points.map((p, i) => ({ x: x(i), y: typeof p.expected === "number" ? y(p.expected) : null })),
  );
  const bands = hasBand
    ? bandPaths(
        points.map((p, i) => ({
          x: x(i),
          high: typeof p.high === "number" ? y(p.high) : null,
          low: typeof p.low === "number" ? y(p.low) : null,
        })),
      )
    : [];
  const index = new Map(points.map((p, i) => [p.date, i]));
  const labelAt =
    points.length > 2 ? [0, Math.floor((points.length - 1) / 2), points.length - 1] : points.map((_, i) => i);
  const markColor = "#b91c1c";

  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      className={className ?? "h-auto w-full"}
      role="img"
      aria-label={label}
      style={{ fontFamily: look.font }}
    >
      <defs>
        <clipPath id={clipId}>
          <rect x={M.left} y={M.top} width={W - M.left - M.right} height={H - M.top - M.bottom} />
        </clipPath>
      </defs>
      {ticks.map((t) => (
        <g key={t}>
          <line x1={M.left} x2={W - M.right} y1={y(t)} y2={y(t)} stroke={t === 0 ? "#94a3b8" : "#e2e8f0"} />
          <text x={M.left - 8} y={y(t)} dy="0.32em" textAnchor="end" fontSize="12" fill="#475569">
            {formatValue(t)}
          </text>
        </g>
      ))}
      <g clipPath={`url(#${clipId})`}>
        {bands.map((d, i) => (
          <path key={i} d={d} fill={withAlpha(look.chartColor, 0.15)} stroke="none" data-testid="expected-band" />
        ))}
        {expected ? (
          <path
            d={expected}
            fill="none"
            stroke={withAlpha(look.chartColor, 0.6)}
            strokeWidth={1.5}
            strokeDasharray="4 4"
          />
        ) : null}
        <path
          d={line}
          fill="none"
          stroke={look.chartColor}
          strokeWidth={2.25}
          strokeLinejoin="round"
          strokeLinecap="round"
        />
      </g>
      {marks.map((mark) => {
        const i = index.get(mark.date);
        const v = i === undefined ? null : points[i].value;
        if (i === undefined || v === null) return null;
        return (
          <g key={`${mark.date}-${mark.kind}`} data-testid="chart-mark">
            <circle cx={x(i)} cy={y(v)} r={5.5} fill="white" stroke={markColor} strokeWidth={2.5} />
            <title>{`${markLabel(mark.kind)} on ${formatDate(mark.date)}: ${formatValue(v)}`}</title>
          </g>
        );
      })}
      {labelAt.map((i) => (
        <text
          key={i}
          x={x(i)}
          y={H - 8}
          fontSize="12"
          fill="#475569"
          textAnchor={i === 0 ? "start" : i === points.length - 1 ? "end" : "middle"}
        >
          {formatDate(points[i].date)}
        </text>
      ))}
    </svg>
  );
}
