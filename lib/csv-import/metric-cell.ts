import { DATA_SOURCE_MESSAGES as M } from "../constants/data-source-messages";
import { CSV_MAPPING_MESSAGES as MM } from "../constants/csv-mapping-messages";
import type { StoredMetric } from "../catalogue/metrics";
import { parseNumberCell } from "./parse-number";

const PLAIN = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A metric cell the importer refuses: the message names the line and the column. */
export class MetricCellError extends Error {}

/**
 * A metric cell as plain decimal text (what PostgreSQL reads), or null for no value: an empty cell, "--", a bound
 * ("< 10%"). Refused: text that is no number, a percentage in a count, a negative count. The one rule for the
 * importer's rows and the reading's.
 */
export function metricCellText(
  raw: string,
  line: number,
  column: string,
  metric: StoredMetric,
  decimalComma: boolean,
): string | null {
  const parsed =
    PLAIN.test(raw) && !(decimalComma && raw.includes("."))
      ? { kind: "number" as const, text: raw }
      : parseNumberCell(raw, { decimalComma });
  if (parsed === null) throw new MetricCellError(M.notANumber(line, column, raw.trim()));
  if (parsed.kind === "empty" || parsed.kind === "bound") return null;
  if (parsed.kind === "percent")
    throw new MetricCellError(`Line ${line}, column ${column}: ${MM.percentForCount(raw.trim(), metric.label)}`);
  const text = parsed.text;
  // Only a minus sign can make it negative.
  if (text.charCodeAt(0) === 45 && !metric.allowNegative && Number(text) < 0)
    throw new MetricCellError(M.negative(line, column, text));
  return text;
}
