import type { BaseMetric } from "../catalogue/metrics";
import type { TotalsRow } from "./table-plan";

// A file's own totals rows against the sums of the rows imported: the import's summary says whether they agree,
// and by how much they differ when they do not (Google Ads' account total counts removed campaigns, a GA4 total
// counts each user once).

export interface FileTotalCheck {
  line: number;
  label: string;
  /** The period it totals (a day's row of Meta's), or null for the file. */
  period: string | null;
  matches: boolean;
  metrics: { metric: BaseMetric; file: number; rows: number }[];
}

/** Whether two sums agree: exactly for counts, to rounding for amounts written to the cent (one cent a row). */
function agree(file: number, rows: number, count: number): boolean {
  const tolerance = Number.isInteger(file) && Number.isInteger(rows) ? 1e-9 : 0.005 * Math.max(1, count) + 1e-6;
  return Math.abs(file - rows) <= tolerance + 1e-12 * Math.abs(file);
}

/**
 * Compares each totals row with the sums of the rows it totals (`sums`: all rows; `periodSums`: per period start,
 * for a period's totals). Several file totals (Google Ads' Total: Account, Total: Campaigns, Total: Search…): the
 * ones that agree are kept, or the first when none does (the others are subtotals of a network or a status).
 */
export function reconcileTotals(
  totals: readonly TotalsRow[],
  metrics: readonly BaseMetric[],
  sums: { values: Float64Array; rows: number },
  periodSums: ReadonlyMap<string, { values: Float64Array; rows: number }>,
): FileTotalCheck[] {
  const checks: FileTotalCheck[] = [];
  for (const total of totals) {
    const against = total.start === null ? sums : periodSums.get(total.start);
    if (!against) continue;
    const compared: FileTotalCheck["metrics"] = [];
    metrics.forEach((metric, k) => {
      const file = total.values[k];
      if (Number.isNaN(file)) return;
      compared.push({ metric, file, rows: round(against.values[k]) });
    });
    if (compared.length === 0) continue;
    const matches = compared.every((c) => agree(c.file, c.rows, against.rows));
    checks.push({ line: total.line, label: total.label, period: total.start, matches, metrics: compared });
  }
  const fileTotals = checks.filter((c) => c.period === null);
  if (fileTotals.length <= 1) return checks;
  const agreeing = fileTotals.filter((c) => c.matches);
  const kept = new Set(agreeing.length > 0 ? agreeing : fileTotals.slice(0, 1));
  return checks.filter((c) => c.period !== null || kept.has(c));
}

/** A sum without the binary noise of adding decimals (0.1 + 0.2). */
const round = (value: number) => Math.round(value * 1e6) / 1e6;
