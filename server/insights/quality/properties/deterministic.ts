// "The same data gives the same report (deterministic), whatever the order of rows, sources or segments." Compares
// two reports on the same data: the same insights in the same order, with the same summaries, findings and charts
// (numbers to 9 significant digits: a sum taken in another order may differ in its last bits, not in what it says).
import type { CheckedInsight, CheckedReport, Violation } from "../types";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function canonical(value: unknown): unknown {
  // Ids name stored rows (a source, a project), which two projects of the same data do not share: not what it says.
  if (typeof value === "string" && UUID.test(value)) return "<id>";
  if (typeof value === "number") return Number.isFinite(value) ? Number(value.toPrecision(9)) : String(value);
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, canonical(v)]),
    );
  return value;
}

const insightText = (i: CheckedInsight) =>
  JSON.stringify(canonical({ key: i.intentionKey, summary: i.summary, findings: i.findings, chart: i.chart }));

/** Where two reports on the same data differ (empty: the same report). `how` says what was reordered. */
export function reportDifferences(a: CheckedReport, b: CheckedReport, how: string): Violation[] {
  const out: Violation[] = [];
  const keys = (r: CheckedReport) => r.insights.map((i) => i.intentionKey).join(", ");
  if (keys(a) !== keys(b)) {
    out.push({
      property: "deterministic",
      insight: null,
      finding: null,
      text: `${how}: the insights differ (${keys(a)} | ${keys(b)})`,
    });
    return out;
  }
  a.insights.forEach((x, i) => {
    const y = b.insights[i];
    const tx = insightText(x);
    const ty = insightText(y);
    if (tx === ty) return;
    let at = 0;
    while (at < tx.length && tx[at] === ty[at]) at++;
    out.push({
      property: "deterministic",
      insight: x.intentionKey,
      finding: null,
      text: `${how}: insight ${x.intentionKey} differs at “…${tx.slice(Math.max(0, at - 60), at + 60)}…” against “…${ty.slice(Math.max(0, at - 60), at + 60)}…”`,
    });
  });
  return out;
}
