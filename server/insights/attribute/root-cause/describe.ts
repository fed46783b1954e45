import type { Cuboid } from "./cuboids";
import type { Condition, LeafTable } from "./types";

/** The conditions of one element, in dimension order. */
export function elementConditions(table: LeafTable, cuboid: Cuboid, element: number): Condition[] {
  return cuboid.dims.map((d, j) => ({
    dimension: table.dimensions[d],
    value: table.values[d][cuboid.elementCodes[element * cuboid.layer + j]],
  }));
}

/**
 * The element's key: `dimension=value` parts sorted and joined by `&`, the syntax of the RiskLoc
 * benchmark's labels (so its scorer compares keys as strings) and a stable id for the engine.
 */
export function elementKey(conditions: readonly Condition[]): string {
  return conditions
    .map((c) => `${c.dimension}=${c.value}`)
    .sort()
    .join("&");
}
