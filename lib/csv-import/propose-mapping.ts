import { metricLabel } from "../catalogue/metrics";
import type { CsvMapping } from "../validation/csv-mapping";
import { parseTarget, targetLabel, type ColumnTarget } from "./column-targets";
import {
  isBreakdownColumn,
  isComparisonColumn,
  isNonAdditiveColumn,
  knownColumnAmong,
  squashName,
  type KnownMatch,
} from "./known-columns";

export interface ProposedColumn {
  header: string;
  target: ColumnTarget;
  /** Whether the name was recognised (or remembered from this source's last upload). */
  recognised: boolean;
  /** Why a recognised column is ignored, in plain words. */
  note?: string;
}

/** What the reading of the file knows beyond the names (lib/csv-import/read-export.ts). */
export interface ProposalContext {
  /** The column the dates are read from (and the one ending a span, and a Year column read with week numbers). */
  dateIndex?: number;
  dateColumns?: { end?: number; year?: number };
  /** The rows are added up over columns not imported: metrics that do not add up are left out. */
  summed?: { over: string[] };
  /** A column's values in the rows read (to tell an empty column Excel added from one with data). */
  values?: (index: number) => readonly string[];
}

/**
 * A mapping for a file's header: what this source's last upload used for the same names first, then the known
 * export names (lib/csv-import/known-columns.ts). Each target goes to one column only; the others that claim it are
 * ignored with a note. A comparison period's columns and a repeated name are never this period's figures. When the
 * rows are added up over a breakdown, users (which do not add up) are left out. Unrecognised columns are ignored too,
 * flagged, for the user to decide.
 */
export function proposeMapping(
  headers: readonly string[],
  remembered?: CsvMapping | null,
  context: ProposalContext = {},
): ProposedColumn[] {
  const memory = new Map((remembered?.columns ?? []).map((c) => [squashName(c.header), c.target]));
  const seen = new Set<string>();
  type Claim = { index: number; target?: ColumnTarget | `metric:${string}`; rank: number; note?: string };
  const claims = headers.map((header, index): Claim => {
    const key = squashName(header);
    const repeated = key !== "" && seen.has(key);
    seen.add(key);
    if (index === context.dateIndex) return { index, target: "date", rank: -2 };
    if (index === context.dateColumns?.end) return { index, target: "ignore", rank: 0, note: "Read with the dates" };
    if (index === context.dateColumns?.year) return { index, target: "ignore", rank: 0, note: "The year of the dates" };
    if (key === "") {
      const empty = (context.values?.(index) ?? []).every((v) => v.trim() === "");
      return empty
        ? { index, target: "ignore", rank: 0, note: "An empty column (spreadsheets add them)" }
        : { index, rank: Infinity };
    }
    if (repeated) return { index, target: "ignore", rank: 0, note: "The name appears twice: the first column is read" };
    if (isComparisonColumn(header))
      return { index, target: "ignore", rank: 0, note: "A comparison period's figures, not this period's" };
    const kept = memory.get(key);
    if (
      kept !== undefined &&
      parseTarget(kept).kind !== "unknown" &&
      (kept !== "date" || context.dateIndex === undefined)
    )
      return { index, target: kept as ColumnTarget, rank: -1 };
    const known: KnownMatch | undefined = knownColumnAmong(header, headers);
    // A date-like name that is not the column the dates are read from ("Reporting ends", a second "Day").
    if (known?.target === "date" && context.dateIndex !== undefined)
      return { index, target: "ignore", rank: 0, note: `The dates are read from ${headers[context.dateIndex]}` };
    if (known) return { index, ...known };
    if (isBreakdownColumn(header))
      return { index, target: "ignore", rank: 0, note: "A breakdown reports do not use: rows are added up over it" };
    if (isNonAdditiveColumn(header))
      return { index, target: "ignore", rank: 0, note: "Counts people once over the rows: it does not add up" };
    return { index, rank: Infinity };
  });
  const winner = new Map<string, { index: number; rank: number }>();
  for (const c of claims) {
    if (!c.target || c.target === "ignore") continue;
    const best = winner.get(c.target);
    if (!best || c.rank < best.rank) winner.set(c.target, c);
  }
  return claims.map((c): ProposedColumn => {
    const header = headers[c.index];
    if (!c.target) return { header, target: "ignore", recognised: false };
    if (c.target === "ignore")
      return { header, target: "ignore", recognised: true, note: c.note ?? "Not used by reports" };
    const parsed = parseTarget(c.target);
    if (parsed.kind === "derived")
      return {
        header,
        target: "ignore",
        recognised: true,
        note: `${metricLabel(parsed.key)} is computed from ${parsed.inputs.join(" and ")}, not imported`,
      };
    const best = winner.get(c.target)!;
    if (best.index !== c.index)
      return {
        header,
        target: "ignore",
        recognised: true,
        note: `${targetLabel(c.target)} comes from the column ${headers[best.index]}`,
      };
    if (parsed.kind === "metric" && parsed.key === "users" && context.summed)
      return {
        header,
        target: "ignore",
        recognised: true,
        note: `Users do not add up over ${context.summed.over.join(" and ") || "the rows added up"} (a person counts in each row): left out`,
      };
    return { header, target: c.target as ColumnTarget, recognised: true };
  });
}
