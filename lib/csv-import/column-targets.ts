import { DIMENSIONS, type Dimension } from "../catalogue/dimensions";
import { METRIC_CATALOGUE, STORED_METRICS, metricLabel, type BaseMetric } from "../catalogue/metrics";

// What one CSV column is imported as. Written as a string ("date", "ignore", "dimension:channel",
// "metric:sessions") so a mapping is plain JSON that a <select> and the API share.
export type ColumnTarget = "date" | "ignore" | `dimension:${Dimension}` | typeof SOURCE_MEDIUM | `metric:${BaseMetric}`;

/**
 * One column holding two dimensions, as GA4 and Universal Analytics export them ("google / cpc"):
 * imported as the source and the medium.
 */
export const SOURCE_MEDIUM = "dimension:sourceMedium";
export const SOURCE_MEDIUM_PARTS = ["source", "medium"] as const satisfies readonly Dimension[];

/**
 * "google / cpc" → ["google", "cpc"]; split at the last " / " (a medium never holds one, a
 * referrer's source may). Without one, the whole cell is the source and the medium is not set.
 */
export function splitSourceMedium(cell: string): [string, string] {
  const at = cell.lastIndexOf(" / ");
  return at === -1 ? [cell, ""] : [cell.slice(0, at), cell.slice(at + 3)];
}

export type ParsedTarget =
  | { kind: "date" }
  | { kind: "ignore" }
  | { kind: "dimension"; key: Dimension }
  /** Source and medium in one column (SOURCE_MEDIUM). */
  | { kind: "sourceMedium"; keys: typeof SOURCE_MEDIUM_PARTS }
  | { kind: "metric"; key: BaseMetric }
  /** A metric the catalogue computes from others (CTR, CPC...): never imported as such. */
  | { kind: "derived"; key: string; inputs: string[] }
  | { kind: "unknown" };

const DIMENSION_KEYS = new Set<string>(DIMENSIONS.map((d) => d.key));
const STORED_KEYS = new Set<string>(STORED_METRICS.map((m) => m.key));

export function parseTarget(target: string): ParsedTarget {
  if (target === "date" || target === "ignore") return { kind: target };
  if (target === SOURCE_MEDIUM) return { kind: "sourceMedium", keys: SOURCE_MEDIUM_PARTS };
  const [kind, key] = target.split(":", 2);
  if (kind === "dimension" && DIMENSION_KEYS.has(key)) return { kind, key: key as Dimension };
  if (kind === "metric" && STORED_KEYS.has(key)) return { kind, key: key as BaseMetric };
  if (kind === "metric") {
    const derived = METRIC_CATALOGUE.find((m) => m.key === key && m.kind === "ratio" && !("column" in m));
    if (derived && "numerator" in derived)
      return { kind: "derived", key, inputs: [metricLabel(derived.numerator), metricLabel(derived.denominator)] };
  }
  return { kind: "unknown" };
}

/**
 * Whether the rows of a file mapped so get their channel from their source and medium (GA4's default channel group,
 * lib/catalogue/default-channel-group.ts): the file has both and no channel column.
 */
export function derivesChannel(targets: readonly string[]): boolean {
  const keys = new Set<string>();
  for (const target of targets) {
    const parsed = parseTarget(target);
    if (parsed.kind === "dimension") keys.add(parsed.key);
    if (parsed.kind === "sourceMedium") for (const key of parsed.keys) keys.add(key);
  }
  return keys.has("source") && keys.has("medium") && !keys.has("channel");
}

export interface TargetOption {
  value: ColumnTarget;
  label: string;
  group: "Date" | "Dimensions" | "Metrics" | "Skip";
}

/** Every choice a column can take, in the order the mapping preview lists them. */
export const TARGET_OPTIONS: readonly TargetOption[] = [
  { value: "date", label: "Date", group: "Date" },
  ...DIMENSIONS.flatMap((d): TargetOption[] => [
    { value: `dimension:${d.key}`, label: d.label, group: "Dimensions" },
    ...(d.key === "medium" ? [{ value: SOURCE_MEDIUM, label: "Source / medium", group: "Dimensions" } as const] : []),
  ]),
  ...STORED_METRICS.map((m) => ({
    value: `metric:${m.key}` as ColumnTarget,
    label: m.label,
    group: "Metrics" as const,
  })),
  { value: "ignore", label: "Ignore this column", group: "Skip" },
];

export const targetLabel = (target: string): string => TARGET_OPTIONS.find((o) => o.value === target)?.label ?? target;
