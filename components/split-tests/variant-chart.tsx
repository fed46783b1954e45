import type { ChartLook } from "@/lib/hooks/use-chart-look";
import { contrastingColor, extent, linear, linePath, niceTicks } from "@/components/charts/scale";

const W = 640;
const H = 240;
const M = { top: 12, right: 12, bottom: 28, left: 64 };

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
  const domain = extent(points.flatMap((p) => [p.a, p.b]));
  if (!domain || points.length < 2) return null;
  const ticks = niceTicks(Math.min(0, domain.min), domain.max);
  const y = linear({ min: ticks[0], max: ticks[ticks.length - 1] }, [H - M.bottom, M.top]);
  const x = (i: number) => M.left + (i * (W - M.left - M.right)) / (points.length - 1);
  const colorA = contrastingColor(look.chartColor, look.palette, "#64748b");
  const line = (key: "a" | "b") => linePath(points.map((p, i) => ({ x: x(i), y: p[key] === null ? null : y(p[key]) })));
  return (
    <figure className="space-y-2">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={label}
        className="h-auto w-full"
        style={{ fontFamily: look.font }}
      >
        {ticks.map((t) => (
          <g key={t}>
            <line x1={M.left} x2={W - M.right} y1={y(t)} y2={y(t)} stroke="#e2e8f0" />
            <text x={M.left - 6} y={y(t) + 4} textAnchor="end" fontSize="11" fill="#475569">
              {formatValue(t)}
            </text>
          </g>
        ))}
        <text x={M.left} y={H - 8} fontSize="11" fill="#475569">
          {formatDate(points[0].date)}
        </text>
        <text x={W - M.right} y={H - 8} fontSize="11" fill="#475569" textAnchor="end">
          {formatDate(points[points.length - 1].date)}
        </text>
        <path d={line("a")} fill="none" stroke={colorA} strokeWidth="2" strokeDasharray="5 4" />
        <path d={line("b")} fill="none" stroke={look.chartColor} strokeWidth="2" />
      </svg>
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
