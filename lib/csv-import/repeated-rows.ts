import { DATA_SOURCE_MESSAGES as M } from "../constants/data-source-messages";
import { parseTarget } from "./column-targets";
import type { MappingProblem } from "./check-mapping";
import { knownColumn } from "./known-columns";
import { parseNumberCell } from "./parse-number";
import type { CsvPreview } from "./read-preview";

/**
 * The importer's repeated-row refusal, seen in the preview's rows before the file is sent: the first row whose date
 * and dimension values (as mapped, trimmed) repeat an earlier row's. When a column that is not imported splits them
 * (Meta's ad set, GA4's hour) the message names it and what to export instead, as the importer's does.
 */
export function repeatedRow(preview: CsvPreview, targets: readonly string[]): MappingProblem | null {
  const parsed = targets.map((t) => parseTarget(t));
  const date = parsed.findIndex((p) => p.kind === "date");
  if (date === -1) return null;
  const keyed = parsed.flatMap((p, i) => (p.kind === "dimension" || p.kind === "sourceMedium" ? [i] : []));
  const ignored = parsed.flatMap((p, i) => (p.kind === "ignore" ? [i] : []));
  const seen = new Map<string, number>();
  for (let r = 0; r < preview.rows.length; r++) {
    const row = preview.rows[r];
    const key = [date, ...keyed].map((i) => (row[i] ?? "").trim()).join("\u0000");
    const first = seen.get(key);
    if (first === undefined) {
      seen.set(key, r);
      continue;
    }
    const line = preview.lines[r];
    const firstLine = preview.lines[first];
    const differ = ignored.filter((i) => (row[i] ?? "").trim() !== (preview.rows[first][i] ?? "").trim());
    if (differ.length === 0) return { message: M.duplicateRow(line, firstLine) };
    // The breakdown is a name (an ad set), else a column the catalogue does not read as a metric (an hour).
    const text = differ.filter((i) => parseNumberCell(row[i] ?? "") === null);
    const unknown = differ.filter((i) => !knownColumn(preview.headers[i])?.target.startsWith("metric:"));
    const split = (text.length > 0 ? text : unknown).map((i) => preview.headers[i]);
    return {
      message: M.duplicateRowSplit(
        line,
        firstLine,
        split,
        keyed.map((i) => preview.headers[i]),
      ),
    };
  }
  return null;
}
