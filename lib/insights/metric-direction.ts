import { METRICS, type MetricDefinition } from "./metrics";

/** The metric's definition, or null for a metric this build does not know (never throws in the UI). */
export const metricDefinitionOrNull = (key: string): MetricDefinition | null =>
  METRICS.find((m) => m.key === key) ?? null;
