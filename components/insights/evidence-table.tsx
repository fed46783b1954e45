import type { InsightFinding } from "@/lib/api-client/types";
import {
  dimensionLabel,
  formatChange,
  formatConfidence,
  formatDay,
  formatMetric,
  formatPct,
  kindLabel,
  metricLabel,
} from "@/lib/insights/format-values";
import { changeTone } from "./key-numbers";

const TONE = { good: "text-green-800", bad: "text-red-700", neutral: "" } as const;

/** Every finding's machine-readable evidence, formatted: the numbers exports and emails show too. */
export function EvidenceTable({ findings, currency }: { findings: InsightFinding[]; currency: string }) {
  const audit = findings.some((f) => f.kind === "audit");
  const hasP = findings.some((f) => typeof f.pValue === "number");
  return (
    // Wider than a phone: the box scrolls sideways, and keyboard users reach it to scroll it too.
    <div
      className="overflow-x-auto rounded-lg border border-slate-200 focus-visible:ring-2 focus-visible:ring-brand-600"
      tabIndex={0}
      role="region"
      aria-label="Evidence table, scrolls sideways"
    >
      <table className="w-full min-w-[56rem] text-left text-sm">
        <caption className="sr-only">Evidence: every finding of this insight</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {[
              "Finding",
              "Metric",
              "Segment",
              "Period",
              "Current",
              "Baseline",
              "Change",
              "Change %",
              "Expected range",
              "Confidence",
              "Direction",
            ].map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                {h}
              </th>
            ))}
            {hasP ? (
              <th scope="col" className="px-3 py-2 font-medium">
                p-value
              </th>
            ) : null}
            {audit ? (
              <>
                <th scope="col" className="px-3 py-2 font-medium">
                  Issue
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Severity
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Affected
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Examples
                </th>
              </>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {findings.map((f, i) => {
            const tone = TONE[changeTone(f)];
            const range =
              typeof f.expectedLow === "number" && typeof f.expectedHigh === "number"
                ? `${formatMetric(f.metric, f.expectedLow, currency)} – ${formatMetric(f.metric, f.expectedHigh, currency)}`
                : "–";
            return (
              <tr key={i} className="align-top">
                <th scope="row" className="px-3 py-2 font-medium whitespace-nowrap text-slate-900">
                  {kindLabel(f.kind)}
                </th>
                <td className="px-3 py-2 whitespace-nowrap">{metricLabel(f.metric)}</td>
                <td className="px-3 py-2">
                  {f.dimension ? `${dimensionLabel(f.dimension)}: ${f.dimensionValue ?? "(not set)"}` : "All"}
                </td>
                <td className="px-3 py-2 whitespace-nowrap">
                  {f.periodStart === f.periodEnd
                    ? formatDay(f.periodStart)
                    : `${formatDay(f.periodStart)} – ${formatDay(f.periodEnd)}`}
                </td>
                <td className="px-3 py-2 whitespace-nowrap tabular-nums">
                  {formatMetric(f.metric, f.current, currency)}
                </td>
                <td className="px-3 py-2 whitespace-nowrap tabular-nums">
                  {formatMetric(f.metric, f.baseline, currency)}
                </td>
                <td className={`px-3 py-2 whitespace-nowrap tabular-nums ${tone}`}>
                  {formatChange(f.metric, f.change, currency)}
                </td>
                <td className={`px-3 py-2 whitespace-nowrap tabular-nums ${tone}`}>{formatPct(f.changePct)}</td>
                <td className="px-3 py-2 whitespace-nowrap tabular-nums">{range}</td>
                <td className="px-3 py-2 whitespace-nowrap tabular-nums">{formatConfidence(f.confidence)}</td>
                <td className="px-3 py-2 whitespace-nowrap">
                  {f.direction === "up" ? "↑ Up" : f.direction === "down" ? "↓ Down" : "–"}
                </td>
                {hasP ? (
                  <td className="px-3 py-2 tabular-nums">
                    {typeof f.pValue === "number" ? (f.pValue < 0.001 ? "< 0.001" : f.pValue.toFixed(3)) : "–"}
                  </td>
                ) : null}
                {audit ? (
                  <>
                    <td className="px-3 py-2">{f.issue?.replaceAll("_", " ") ?? "–"}</td>
                    <td className="px-3 py-2 capitalize">{f.severity ?? "–"}</td>
                    <td className="px-3 py-2 tabular-nums">
                      {typeof f.count === "number" ? f.count.toLocaleString("en") : "–"}
                    </td>
                    <td className="px-3 py-2 break-all">
                      {f.examples?.length ? f.examples.slice(0, 5).join(", ") : "–"}
                    </td>
                  </>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
