import { metricLabel } from "../catalogue/metrics";
import { CSV_MAPPING_MESSAGES as M } from "../constants/csv-mapping-messages";
import { parseTarget, targetLabel } from "./column-targets";

export interface MappingProblem {
  /** The column (0-based) the problem is about; none for the file as a whole. */
  column?: number;
  message: string;
}

/**
 * What is wrong with a mapping of a file's columns, in the preview's words: a date column and at
 * least one metric are needed, each target is taken once, derived metrics are not imported, a
 * position needs impressions to be averaged by.
 */
export function checkMapping(headers: readonly string[], targets: readonly string[]): MappingProblem[] {
  const problems: MappingProblem[] = [];
  const taken = new Map<string, number>();
  let hasDate = false;
  let hasMetric = false;
  let position = -1;
  let hasImpressions = false;
  targets.forEach((target, column) => {
    const parsed = parseTarget(target);
    switch (parsed.kind) {
      case "ignore":
        return;
      case "unknown":
        problems.push({ column, message: M.unknownTarget(target) });
        return;
      case "derived":
        problems.push({ column, message: M.derived(metricLabel(parsed.key), parsed.inputs) });
        return;
      default:
        break;
    }
    // A source / medium column takes both the source and the medium.
    const takes = parsed.kind === "sourceMedium" ? parsed.keys.map((k) => `dimension:${k}`) : [target];
    const clash = takes.find((t) => taken.has(t));
    if (clash !== undefined) {
      problems.push({ column, message: M.taken(targetLabel(clash), headers[taken.get(clash)!]) });
      return;
    }
    for (const t of takes) taken.set(t, column);
    if (parsed.kind === "date") hasDate = true;
    if (parsed.kind === "metric") {
      hasMetric = true;
      if (parsed.key === "position") position = column;
      if (parsed.key === "impressions") hasImpressions = true;
    }
  });
  if (!hasDate) problems.push({ message: M.noDate });
  if (!hasMetric) problems.push({ message: M.noMetric });
  if (position !== -1 && !hasImpressions) problems.push({ column: position, message: M.positionNeedsImpressions });
  return problems;
}
