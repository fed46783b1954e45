import type { InsightFinding } from "@/lib/api-client/types";
import {
  dimensionLabel,
  findingConfidence,
  formatConfidence,
  formatDay,
  formatFindingChange,
  formatFindingPct,
  formatFindingRange,
  formatFindingValue,
  kindLabel,
  metricLabel,
} from "@/lib/insights/format-values";
import { auditIssueName } from "@/lib/insights/narrate/analyst";
import { onWeekdays } from "@/lib/insights/weekdays";
import { changeTone } from "./key-numbers";

const TONE = { good: "text-green-800", bad: "text-red-700", neutral: "" } as const;

/** Every finding's machine-readable evidence, formatted: the numbers exports and emails show too. */
export function EvidenceTable({ findings, currency }: { findings: InsightFinding[]; currency: string }) {
  const audit = findings.some((f) => f.kind === "audit");
  const hasP = findings.some((f) => typeof f.pValue === "number");
  return (
    // Fits a laptop's width (one column per question a reader asks: the change carries its direction, its
    // percentage; the confidence its p-value); on a phone the box scrolls sideways, and keyboard users reach it.
    <div
      className="relative overflow-x-auto rounded-lg border border-slate-200 focus-visible:ring-2 focus-visible:ring-brand-600"
      tabIndex={0}
      role="region"
      aria-label="Evidence table, scrolls sideways"
    >
      <table className="w-full min-w-[44rem] text-left text-sm">
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
              "Expected range",
              hasP ? "Confidence (p-value)" : "Confidence",
            ].map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-medium">
                {h}
              </th>
            ))}
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
            return (
              <tr key={i} className="align-top">
                <th scope="row" className="px-3 py-2 font-medium whitespace-nowrap text-slate-900">
                  {kindLabel(f.kind)}
                </th>
                <td className="px-3 py-2 whitespace-nowrap">{metricLabel(f.metric)}</td>
                <td className="min-w-[8rem] px-3 py-2 [overflow-wrap:anywhere]">
                  {f.dimension ? `${dimensionLabel(f.dimension)}: ${f.dimensionValue ?? "(not set)"}` : "All"}
                  <AlsoSeenIn finding={f} currency={currency} />
                </td>
                <td className="px-3 py-2">
                  {f.periodStart === f.periodEnd ? (
                    <span className="whitespace-nowrap">{formatDay(f.periodStart)}</span>
                  ) : (
                    <>
                      <span className="whitespace-nowrap">{formatDay(f.periodStart)} –</span>{" "}
                      <span className="whitespace-nowrap">{formatDay(f.periodEnd)}</span>
                    </>
                  )}
                  {onWeekdays(f) ? <span className="block text-xs text-slate-600">{onWeekdays(f)}</span> : null}
                </td>
                <td className="px-3 py-2 whitespace-nowrap tabular-nums">
                  {formatFindingValue(f, f.current, currency)}
                </td>
                <td className="px-3 py-2 whitespace-nowrap tabular-nums">
                  {formatFindingValue(f, f.baseline, currency)}
                </td>
                <td className={`px-3 py-2 tabular-nums ${tone}`}>
                  <span className="whitespace-nowrap">
                    <span aria-hidden="true">{f.direction === "up" ? "↑ " : f.direction === "down" ? "↓ " : ""}</span>
                    {formatFindingChange(f, f.change, currency)}
                  </span>{" "}
                  {formatFindingPct(f) === "–" ? null : (
                    <span className="whitespace-nowrap">({formatFindingPct(f)})</span>
                  )}
                  {f.direction === "up" || f.direction === "down" ? (
                    <span className="sr-only">, {f.direction}</span>
                  ) : null}
                </td>
                <td className="px-3 py-2 tabular-nums">
                  <ExpectedRange range={formatFindingRange(f, f.expectedLow, f.expectedHigh, currency)} />
                </td>
                <td className="px-3 py-2 tabular-nums">
                  <span className="whitespace-nowrap">{formatConfidence(findingConfidence(f))}</span>
                  {typeof f.pValue === "number" ? (
                    <span className="block text-xs whitespace-nowrap text-slate-600">
                      p {f.pValue < 0.001 ? "< 0.001" : `= ${f.pValue.toFixed(3)}`}
                    </span>
                  ) : null}
                </td>
                {audit ? (
                  <>
                    <td className="px-3 py-2">{auditIssueName(f.issue) || "–"}</td>
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

/** An expected range, each end kept whole when the cell wraps ("8.85 –" / "9.61 a day"). */
function ExpectedRange({ range }: { range: [string, string] | null }) {
  if (!range) return "–";
  return (
    <>
      <span className="whitespace-nowrap">{range[0]} –</span> <span className="whitespace-nowrap">{range[1]}</span>
    </>
  );
}

/**
 * The other segments a segment finding stands for: the same rows through other dimensions, wider segments that
 * moved by about as much the same day, and segments that moved with it by less (their own change beside them).
 */
function AlsoSeenIn({ finding, currency }: { finding: InsightFinding; currency: string }) {
  const name = (s: { dimension: string; dimensionValue: string }) =>
    `${dimensionLabel(s.dimension)}: ${s.dimensionValue}`;
  const same = finding.sameRowsAs ?? [];
  type Part = { dimension: string; dimensionValue: string; change: number; metric?: string };
  const lists: { label: string; segments: Part[] }[] = [
    { label: "Also seen in:", segments: finding.sameEventAs ?? [] },
    { label: "Moved with it, by less:", segments: finding.movedWith ?? [] },
  ].filter((l) => l.segments.length > 0);
  if (same.length === 0 && lists.length === 0) return null;
  return (
    <span className="mt-1 block text-xs text-slate-600">
      {same.length > 0 ? <span className="block">Same rows as {same.map(name).join(", ")}</span> : null}
      {lists.map((l) => (
        <span key={l.label} className="block">
          <span className="block">{l.label}</span>
          {l.segments.map((w) => (
            <span key={`${w.dimension}|${w.dimensionValue}`} className="block">
              {name(w)}{" "}
              <span className="whitespace-nowrap">
                ({w.metric ? `${metricLabel(w.metric)} ` : ""}
                {formatFindingChange(w.metric ? { ...finding, metric: w.metric } : finding, w.change, currency)})
              </span>
            </span>
          ))}
        </span>
      ))}
    </span>
  );
}
