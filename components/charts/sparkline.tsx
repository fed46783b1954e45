import type { ChartLook } from "@/lib/hooks/use-chart-look";
import { bandPaths, extent, linePath, linear, withAlpha } from "./scale";
import type { BandPoint, ChartMark } from "./line-band-chart";

const W = 200;
const H = 48;
const PAD = 4;

/** A small line (with its expected band when known) for insight cards; the label says what it shows in numbers. */
export function Sparkline({
  points,
  marks = [],
  look,
  label,
  className,
}: {
  points: BandPoint[];
  marks?: ChartMark[];
  look: ChartLook;
  label: string;
  className?: string;
}) {
  const domain = extent(points.flatMap((p) => [p.value, p.low ?? null, p.high ?? null])) ?? { min: 0, max: 1 };
  const y = linear(domain, [H - PAD, PAD]);
  const x = (i: number) => PAD + (points.length > 1 ? (i * (W - 2 * PAD)) / (points.length - 1) : (W - 2 * PAD) / 2);
  const line = linePath(points.map((p, i) => ({ x: x(i), y: p.value === null ? null : y(p.value) })));
  const bands = bandPaths(
    points.map((p, i) => ({
      x: x(i),
      high: typeof p.high === "number" ? y(p.high) : null,
      low: typeof p.low === "number" ? y(p.low) : null,
    })),
  );
  const index = new Map(points.map((p, i) => [p.date, i]));
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      className={className ?? "h-12 w-full"}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
    >
      {bands.map((d, i) => (
        <path key={i} d={d} fill={withAlpha(look.chartColor, 0.15)} />
      ))}
      <path
        d={line}
        fill="none"
        stroke={look.chartColor}
        strokeWidth={1.75}
        vectorEffect="non-scaling-stroke"
        strokeLinejoin="round"
      />
      {marks.map((m) => {
        const i = index.get(m.date);
        const v = i === undefined ? null : points[i].value;
        return i === undefined || v === null ? null : (
          <circle key={`${m.date}-${m.kind}`} cx={x(i)} cy={y(v)} r={2.5} fill="#b91c1c" />
        );
      })}
    </svg>
  );
}
