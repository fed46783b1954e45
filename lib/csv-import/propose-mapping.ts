import { metricLabel } from "../catalogue/metrics";
import type { CsvMapping } from "../validation/csv-mapping";
import { parseTarget, targetLabel, type ColumnTarget } from "./column-targets";
import { knownColumn, squashName } from "./known-columns";

export interface ProposedColumn {
  header: string;
  target: ColumnTarget;
  /** Whether the name was recognised (or remembered from this source's last upload). */
  recognised: boolean;
  /** Why a recognised column is ignored, in plain words. */
  note?: string;
}

/**
 * A mapping for a file's header: what this source's last upload used for the same names first,
 * then the known export names (lib/csv-import/known-columns.ts). Each target goes to one column
 * only; the others that claim it are ignored with a note. Unrecognised columns are ignored too,
 * flagged, for the user to decide.
 */
export function proposeMapping(headers: readonly string[], remembered?: CsvMapping | null): ProposedColumn[] {
  const memory = new Map((remembered?.columns ?? []).map((c) => [squashName(c.header), c.target]));
  const claims = headers.map((header, index) => {
    const kept = memory.get(squashName(header));
    if (kept !== undefined && parseTarget(kept).kind !== "unknown")
      return { index, target: kept as ColumnTarget | `metric:${string}`, rank: -1 };
    const known = knownColumn(header);
    return known ? { index, ...known } : { index, target: undefined, rank: Infinity };
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
    const parsed = parseTarget(c.target);
    if (parsed.kind === "derived")
      return {
        header,
        target: "ignore",
        recognised: true,
        note: `${metricLabel(parsed.key)} is computed from ${parsed.inputs.join(" and ")}, not imported`,
      };
    if (c.target === "ignore") return { header, target: "ignore", recognised: true, note: "Not used by reports" };
    const best = winner.get(c.target)!;
    if (best.index !== c.index)
      return {
        header,
        target: "ignore",
        recognised: true,
        note: `${targetLabel(c.target)} comes from the column ${headers[best.index]}`,
      };
    return { header, target: c.target as ColumnTarget, recognised: true };
  });
}
