// The engine's view of the catalogue (lib/catalogue): the names server/insights imports.
// `DIMENSIONS` here is the list of dimension keys; the catalogue's `DIMENSIONS` is the full table.
export {
  BASE_METRIC_KEYS as BASE_METRICS,
  METRIC_DEFINITIONS as METRICS,
  findMetric,
  metricDefinition,
  metricInputs,
  type AdditiveMetric,
  type BaseMetric,
  type MetricDefinition,
  type MetricKey,
  type MetricUnit,
  type NonAdditiveMetric,
  type RatioMetric,
} from "../catalogue/metrics";
export { DIMENSION_KEYS as DIMENSIONS, type Dimension } from "../catalogue/dimensions";
