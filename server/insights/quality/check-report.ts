// The finding-property checker: every violation of issue 56's properties in one report, against the data it was
// computed from. Pure: no database, no engine; `deterministic` compares two reports (properties/deterministic.ts).
import { checkContext } from "./context";
import { checkDirection } from "./properties/direction";
import { checkDrivers } from "./properties/drivers";
import { checkFrozen } from "./properties/frozen";
import { checkRanges } from "./properties/range";
import { checkText } from "./properties/text";
import type { SeriesData } from "./series-data";
import { PROPERTIES, type CheckedReport, type Property, type Violation } from "./types";

export function checkReport(report: CheckedReport, data: SeriesData): Violation[] {
  const ctx = checkContext(report, data);
  return [...checkDirection(ctx), ...checkRanges(ctx), ...checkText(ctx), ...checkDrivers(ctx), ...checkFrozen(ctx)];
}

/** Violations counted by property, every property listed (0 where none). */
export function countByProperty(violations: readonly Violation[]): Record<Property, number> {
  const counts = Object.fromEntries(PROPERTIES.map((p) => [p, 0])) as Record<Property, number>;
  for (const v of violations) counts[v.property]++;
  return counts;
}
