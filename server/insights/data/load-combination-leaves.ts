import "server-only";
import { pool } from "../../db/client";
import { combinationLeaves, type CombinationLeaves, type CombinationRow } from "./combination-leaves";
import { PARTS, type PartKey } from "./parts";
import type { ReportWindow } from "./window";

// A source's leaves for the root-cause localiser: per dimension set of the project, each part's
// sum over the report period and over the comparison period, read from `observations` (the
// segment rollups hold one dimension at a time; combinations exist only in the rows). One query:
// the rows of the two periods are summed per dimension set (an integer group key, on the primary
// key's ranges of the one source), then joined to the project's dimension sets. A weekly or
// monthly source's rows count in the period their first day falls in (ADR 0019). What reaches JS
// is one row per combination, never per day.

const DIMENSION_COLUMNS = ["channel", "device", "country", "campaign", "landing_page", "source", "medium", "query"];

function query(parts: readonly PartKey[]): string {
  const columns = parts.map((p) => PARTS.find((q) => q.key === p)!.column);
  const sums = columns
    .flatMap((c, i) => [
      `sum(o.${c}) filter (where o.date between $3::date and $4::date) as c${i}`,
      `sum(o.${c}) filter (where o.date between $5::date and $6::date) as b${i}`,
    ])
    .join(", ");
  return `
    with sums as (
      select o.dimension_set_id, ${sums}
      from observations o
      where o.data_source_id = $2 and o.project_id = $1
        and (o.date between $3::date and $4::date or o.date between $5::date and $6::date)
      group by o.dimension_set_id
    )
    select ${DIMENSION_COLUMNS.map((c) => `d.${c}`).join(", ")}, ${columns.flatMap((_, i) => [`s.c${i}`, `s.b${i}`]).join(", ")}
    from sums s
    join dimension_sets d on d.id = s.dimension_set_id and d.project_id = $1`;
}

export interface LoadCombinationOptions {
  projectId: string;
  /** The source the metric is read from (ProjectData.sourceFor: one source per metric). */
  sourceId: string;
  window: Pick<ReportWindow, "periodStart" | "periodEnd" | "comparisonStart" | "comparisonEnd">;
  /** The additive parts to sum (a metric's own column, or several metrics' at once). */
  parts: readonly PartKey[];
}

export async function loadCombinationLeaves(options: LoadCombinationOptions): Promise<CombinationLeaves> {
  const { projectId, sourceId, window, parts } = options;
  if (parts.length === 0) throw new Error("loadCombinationLeaves needs at least one part");
  const result = await pool().query<unknown[]>({
    text: query(parts),
    values: [projectId, sourceId, window.periodStart, window.periodEnd, window.comparisonStart, window.comparisonEnd],
    rowMode: "array",
  });
  const rows = result.rows.map((cells): CombinationRow => {
    const [channel, device, country, campaign, landingPage, source, medium, searchQuery] = cells as (string | null)[];
    const sums = cells.slice(DIMENSION_COLUMNS.length).map((v) => (v === null ? null : Number(v)));
    return {
      values: [channel, device, country, campaign, landingPage, sourceMedium(source, medium), searchQuery],
      current: parts.map((_, i) => sums[2 * i]),
      comparison: parts.map((_, i) => sums[2 * i + 1]),
    };
  });
  return combinationLeaves({ sourceId, ...window, parts: [...parts] }, rows);
}

/** GA's "source / medium"; null when the row's grain has neither. */
function sourceMedium(source: string | null, medium: string | null): string | null {
  if (source === null && medium === null) return null;
  return `${source ?? "(not set)"} / ${medium ?? "(not set)"}`;
}
