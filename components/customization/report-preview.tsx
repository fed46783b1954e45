import { useId } from "react";
import { isHexColor } from "@/lib/validation/customization";
import { fontStack } from "@/lib/font-stack";

export interface PreviewLook {
  chartColor: string;
  palette: string[];
  font: string;
  reportTitle: string;
  footerText: string;
  /** A URL the browser can show (the stored logo, or a local preview of a chosen file). */
  logoSrc: string | null;
}

const BARS = [42, 58, 51, 73, 66, 88];
const LINES = [
  [30, 38, 35, 48, 52, 61],
  [22, 25, 31, 29, 37, 40],
  [12, 18, 16, 21, 26, 24],
];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun"];
const CHART = { width: 320, height: 160, left: 28, bottom: 22, top: 10 };

/** Only hex colours reach the SVG; anything still being typed falls back. */
const safeColor = (value: string | undefined, fallback: string) => (value && isHexColor(value) ? value : fallback);

function y(value: number) {
  const plot = CHART.height - CHART.bottom - CHART.top;
  return CHART.top + plot - (value / 100) * plot;
}

/**
 * A sample report page in the chosen look: header with logo and title, a bar chart in the chart
 * colour, a line chart in the palette, and the footer. Pure rendering: it follows its props as the
 * user types.
 */
export function ReportPreview({ look, clientName = "Sample client" }: { look: PreviewLook; clientName?: string }) {
  const titleId = useId();
  const chartColor = safeColor(look.chartColor, "#2563eb");
  const palette = look.palette.filter(isHexColor);
  const series = LINES.map((_, i) => palette[i % Math.max(palette.length, 1)] ?? chartColor);
  const step = (CHART.width - CHART.left - 8) / BARS.length;
  const barWidth = step * 0.6;

  return (
    <figure
      aria-labelledby={titleId}
      className="overflow-hidden rounded-lg border border-slate-200 bg-white text-slate-900 shadow-sm"
      style={{ fontFamily: fontStack(look.font) }}
      data-testid="report-preview"
    >
      <figcaption id={titleId} className="sr-only">
        Preview of a report in this look
      </figcaption>
      <header className="flex items-center gap-3 border-b-4 px-4 py-3" style={{ borderColor: chartColor }}>
        {look.logoSrc ? (
          <img src={look.logoSrc} alt="Logo" className="h-10 max-w-32 object-contain" />
        ) : (
          <div
            className="flex h-10 w-10 items-center justify-center rounded text-xs font-semibold text-white"
            style={{ backgroundColor: chartColor }}
            aria-hidden="true"
          >
            Logo
          </div>
        )}
        <div className="min-w-0">
          <p className="truncate text-base font-semibold" data-testid="preview-title">
            {look.reportTitle}
          </p>
          <p className="truncate text-xs text-slate-500">{clientName} · Jan – Jun</p>
        </div>
      </header>

      <div className="grid gap-4 p-4 sm:grid-cols-2">
        <div>
          <p className="mb-1 text-xs font-medium text-slate-600">Sessions by month</p>
          <svg
            viewBox={`0 0 ${CHART.width} ${CHART.height}`}
            className="w-full"
            role="img"
            aria-label="Sample bar chart"
          >
            <line x1={CHART.left} x2={CHART.width} y1={y(0)} y2={y(0)} stroke="#cbd5e1" />
            {[25, 50, 75, 100].map((v) => (
              <line key={v} x1={CHART.left} x2={CHART.width} y1={y(v)} y2={y(v)} stroke="#f1f5f9" />
            ))}
            {BARS.map((v, i) => (
              <rect
                key={MONTHS[i]}
                data-testid="preview-bar"
                x={CHART.left + i * step + (step - barWidth) / 2}
                y={y(v)}
                width={barWidth}
                height={y(0) - y(v)}
                rx={2}
                fill={chartColor}
              />
            ))}
            {MONTHS.map((m, i) => (
              <text
                key={m}
                x={CHART.left + i * step + step / 2}
                y={CHART.height - 6}
                fontSize="10"
                textAnchor="middle"
                fill="#64748b"
              >
                {m}
              </text>
            ))}
          </svg>
        </div>
        <div>
          <p className="mb-1 text-xs font-medium text-slate-600">Conversions by channel</p>
          <svg
            viewBox={`0 0 ${CHART.width} ${CHART.height}`}
            className="w-full"
            role="img"
            aria-label="Sample line chart"
          >
            <line x1={CHART.left} x2={CHART.width} y1={y(0)} y2={y(0)} stroke="#cbd5e1" />
            {LINES.map((points, s) => (
              <polyline
                key={s}
                fill="none"
                stroke={series[s]}
                strokeWidth={2.5}
                strokeLinejoin="round"
                points={points.map((v, i) => `${CHART.left + i * step + step / 2},${y(v)}`).join(" ")}
              />
            ))}
            {MONTHS.map((m, i) => (
              <text
                key={m}
                x={CHART.left + i * step + step / 2}
                y={CHART.height - 6}
                fontSize="10"
                textAnchor="middle"
                fill="#64748b"
              >
                {m}
              </text>
            ))}
          </svg>
          <ul className="mt-1 flex flex-wrap gap-3 text-xs text-slate-600">
            {["Organic", "Paid", "Email"].map((name, s) => (
              <li key={name} className="flex items-center gap-1">
                <span
                  className="inline-block size-2.5 rounded-full"
                  style={{ backgroundColor: series[s] }}
                  aria-hidden="true"
                />
                {name}
              </li>
            ))}
          </ul>
        </div>
      </div>

      {look.footerText ? (
        <footer className="border-t border-slate-200 px-4 py-2 text-xs text-slate-500" data-testid="preview-footer">
          {look.footerText}
        </footer>
      ) : null}
    </figure>
  );
}
