import { DIMENSIONS, type Dimension } from "../catalogue/dimensions";
import { STORED_METRICS, type StoredMetric } from "../catalogue/metrics";
import { CSV_MAPPING_MESSAGES as MM } from "../constants/csv-mapping-messages";
import type { CsvMapping } from "../validation/csv-mapping";
import { checkMapping, type MappingProblem } from "./check-mapping";
import { derivesChannel, parseTarget, splitSourceMedium } from "./column-targets";
import { DateCellError, findDateColumn, readPeriod, type DateColumn } from "./date-column";
import { addDays, dayNumber, dayOfWeek } from "../dates";
import { monthStart, periodEnd, spanGrain, weekStartOn, type Grain } from "./grain";
import { squashName } from "./known-columns";
import { metricCellText, MetricCellError } from "./metric-cell";
import type { DateOrder } from "./parse-date";
import { isTotalsRow } from "./preamble";
import { proposeMapping, type ProposedColumn } from "./propose-mapping";
import { rowFacts, type ExportReading, type ImportTable, type RowFacts } from "./read-export";
import { EXPORT_MESSAGES as X } from "../constants/export-messages";

// The import of a read table under a mapping (the user's, or the proposal): which column is what, and each row read
// as the import stores it — its period's first day, its dimension values, its metric values — with the same checks
// the importer makes. The wizard's preview and the importer share it.

export interface TablePlan {
  table: ImportTable;
  /** Rows repeating a period and dimension values under these targets: added up (users are then refused). */
  summed: RowFacts["summed"];
  emptyDimensionTotals: boolean;
  targets: string[];
  date: DateColumn;
  dateOrder: DateOrder | null;
  /** In DIMENSIONS order; a source / medium column gives two (its `part`). */
  dimensions: { index: number; key: Dimension; header: string; part?: 0 | 1 }[];
  /** In STORED_METRICS order; `decimalComma`: the column writes decimals with a comma (csv-import/number-format.ts). */
  metrics: { index: number; metric: StoredMetric; header: string; decimalComma: boolean }[];
  derivesChannel: boolean;
  /** The streamed import's decimal mark: its metric columns' when they share one, else the separator's. */
  decimalComma: boolean;
  /** The mapping used, by header, to remember on the source. */
  mapping: CsvMapping;
}

/** The plan of the reading's table under `mapping` (or the proposal, with what the source remembers), or problems. */
export function planTable(
  reading: ExportReading,
  mapping?: CsvMapping | null,
  remembered?: CsvMapping | null,
): { plan: TablePlan | null; problems: MappingProblem[] } {
  const table = reading.table!;
  const headers = table.headers;
  let targets: string[];
  if (mapping) {
    const exact = new Map(mapping.columns.map((c) => [c.header.trim(), c.target]));
    const loose = new Map(mapping.columns.map((c) => [squashName(c.header), c.target]));
    const missing = headers.findIndex((h) => (exact.get(h) ?? loose.get(squashName(h))) === undefined);
    if (missing !== -1) return { plan: null, problems: [{ column: missing, message: MM.notInMapping }] };
    targets = headers.map((h) => exact.get(h) ?? loose.get(squashName(h))!);
  } else {
    targets = tableProposal(table, remembered).map((c) => c.target);
  }
  const problems = checkMapping(headers, targets);
  if (problems.length > 0) return { plan: null, problems };
  // The user may read the dates from another column than the reading found.
  const dateIndex = targets.indexOf("date");
  let date = table.date;
  if (dateIndex !== date.index) {
    const only = headers.map((h, i) => (i === dateIndex ? h : ""));
    const found = findDateColumn(only, table.rows);
    if (!found || found.index !== dateIndex)
      return {
        plan: null,
        problems: [{ column: dateIndex, message: `The column ${headers[dateIndex]} does not hold dates` }],
      };
    date = found;
  }
  const dimensions: TablePlan["dimensions"] = [];
  const metrics: TablePlan["metrics"] = [];
  targets.forEach((target, index) => {
    const parsed = parseTarget(target);
    if (parsed.kind === "dimension") dimensions.push({ index, key: parsed.key, header: headers[index] });
    else if (parsed.kind === "sourceMedium")
      parsed.keys.forEach((key, part) => dimensions.push({ index, key, header: headers[index], part: part as 0 | 1 }));
    else if (parsed.kind === "metric")
      metrics.push({
        index,
        metric: STORED_METRICS.find((m) => m.key === parsed.key)!,
        header: headers[index],
        decimalComma: table.marks[index]?.decimalComma ?? reading.separator === ";",
      });
  });
  const mixed = metrics.find((m) => table.marks[m.index]?.conflict);
  if (mixed) {
    const { point, comma } = table.marks[mixed.index].conflict!;
    return { plan: null, problems: [{ message: X.mixedDecimalMarks(mixed.header, point, comma) }] };
  }
  const facts = rowFacts(table, targets, reading.separator);
  if (facts.duplicate)
    return { plan: null, problems: [{ message: X.exactDuplicate(facts.duplicate.line, facts.duplicate.firstLine) }] };
  const users = metrics.find((m) => m.metric.key === "users");
  if (facts.summed && users)
    return {
      plan: null,
      problems: [
        {
          column: users.index,
          message: `Users do not add up over ${facts.summed.over.join(" and ") || "the rows added up"} (rows ${facts.summed.firstLine} and ${facts.summed.line} share a date and dimensions): choose Ignore, or map the column that tells the rows apart`,
        },
      ],
    };
  const order = <T extends { key: string }>(all: readonly T[], key: string) => all.findIndex((x) => x.key === key);
  dimensions.sort((a, b) => order(DIMENSIONS, a.key) - order(DIMENSIONS, b.key));
  metrics.sort((a, b) => order(STORED_METRICS, a.metric.key) - order(STORED_METRICS, b.metric.key));
  const dateOrder = mapping?.dateOrder ?? table.dateOrder;
  return {
    plan: {
      table,
      summed: facts.summed,
      emptyDimensionTotals: facts.emptyDimensionTotals,
      targets,
      date,
      dateOrder,
      dimensions,
      metrics,
      derivesChannel: derivesChannel(targets),
      // The columns' one mark when they share it, else the separator's.
      decimalComma: metrics.every((m) => m.decimalComma === metrics[0]?.decimalComma)
        ? (metrics[0]?.decimalComma ?? reading.separator === ";")
        : reading.separator === ";",
      mapping: {
        columns: headers.map((header, i) => ({ header, target: targets[i] })),
        // The order the user chose, or the one the header's language tells (the streamed import reads it there).
        ...(dateOrder && (mapping?.dateOrder || (!mapping && !table.date.order && table.dateOrder))
          ? { dateOrder }
          : {}),
      },
    },
    problems: [],
  };
}

/** The proposal for the reading's table, with what the source remembers from its last upload coming first. */
export function tableProposal(table: ImportTable, remembered?: CsvMapping | null): ProposedColumn[] {
  if (!remembered) return table.proposal;
  return proposeMapping(table.headers, remembered, {
    dateIndex: table.date.index,
    dateColumns: { end: table.date.endIndex, year: table.date.yearIndex },
    summed: table.summed ? { over: table.summed.over } : undefined,
    values: (i) => table.rows.map((r) => r[i] ?? ""),
  });
}

/** A row as the import stores it. */
export interface PlannedRow {
  line: number;
  /** The first day of the row's period. */
  start: string;
  /** The first and last day the row covers, when its cells say (a span, a range: a partial week's are its own). */
  first?: string;
  end?: string;
  /** Each plan dimension's value as the file writes it (trimmed), in the plan's order. */
  dimensions: string[];
  /** Each plan metric's value, NaN for none (a position is weighted by the row's impressions). */
  values: Float64Array;
}

/** A row the file adds as a total of others, with its values, for the import's summary. */
export interface TotalsRow {
  line: number;
  label: string;
  values: Float64Array;
  /** The period it totals (Meta's day rows), or null for the whole file. */
  start: string | null;
}

/** A row that cannot be read: the message names its line and column. */
export class RowReadError extends Error {}

/**
 * Reads the table's rows (on the merged header) as the plan stores them. Rows whose slashed date reads both ways are
 * held until a later date tells the order ("ambiguous"): the caller passes them again with `release`.
 */
export class TableRowReader {
  private order: DateOrder | null;
  private readonly dimensionIndexes: number[];
  private readonly impressions: number;
  /** The weekday the file's full weeks start on, for a partial week at its edge. */
  private weekday: number | null = null;

  constructor(
    private readonly plan: TablePlan,
    private readonly grain: Grain | null,
  ) {
    this.order = plan.dateOrder;
    this.dimensionIndexes = [...new Set(plan.dimensions.map((d) => d.index))];
    this.impressions = plan.metrics.findIndex((m) => m.metric.key === "impressions");
    const first = plan.table.periods?.first;
    if (first && grain === "week") this.weekday = dayOfWeek(first);
  }

  /** Sets the order of slashed dates once a date tells it (or the file ends: month first). */
  setOrder(order: DateOrder): void {
    this.order = order;
  }

  get dateOrder(): DateOrder | null {
    return this.order;
  }

  read(fields: readonly string[], line: number): PlannedRow | TotalsRow | "ambiguous" | null {
    const { plan } = this;
    const { date } = plan;
    if (isTotalsRow(fields, date.index, this.dimensionIndexes)) return this.totals(fields, line, null);
    if (plan.emptyDimensionTotals && this.dimensionIndexes.every((i) => (fields[i] ?? "").trim() === "")) {
      const period = this.period(fields, line);
      if (period === "ambiguous") return period;
      return this.totals(fields, line, period?.start ?? null);
    }
    const period = this.period(fields, line);
    if (period === null || period === "ambiguous") return period;
    const dimensions = plan.dimensions.map((d) => {
      const raw = fields[d.index] ?? "";
      return (d.part === undefined ? raw : splitSourceMedium(raw)[d.part]).trim();
    });
    return {
      line,
      start: period.start,
      first: period.first,
      end: period.end,
      dimensions,
      values: this.values(fields, line),
    };
  }

  private period(fields: readonly string[], line: number) {
    const { date, table } = this.plan;
    let period;
    try {
      period = readPeriod(date, fields, table.context, this.order);
    } catch (error) {
      if (error instanceof DateCellError)
        throw new RowReadError(`Line ${line}, column ${error.column}: ${error.message}`);
      throw error;
    }
    if (period === null) {
      throw new RowReadError(`Line ${line}, column ${date.header}: the date is empty`);
    }
    if (period === "ambiguous" || period.end === undefined) return period;
    // A span or a range: its period, a partial one at the file's edge aligned on the file's grain.
    const grain = spanGrain(period.start, period.end);
    if (grain !== null && (this.grain === null || grain === this.grain)) return { ...period, first: period.start };
    if (this.grain === "week" && dayNumber(period.end) - dayNumber(period.start) < 6) {
      const start = this.weekday === null ? period.start : weekStartOn(period.start, this.weekday);
      if (addDays(start, 6) >= period.end) return { start, first: period.start, end: period.end };
    }
    if (this.grain === "month" && period.end <= periodEnd(monthStart(period.start), "month"))
      return { start: monthStart(period.start), first: period.start, end: period.end };
    const days = dayNumber(period.end) - dayNumber(period.start) + 1;
    throw new RowReadError(
      `Line ${line}, column ${date.header}: the row covers ${days} days (${period.start} to ${period.end}), not one ${this.grain ?? "day"} like the file's other rows`,
    );
  }

  private values(fields: readonly string[], line: number): Float64Array {
    const { metrics } = this.plan;
    const values = new Float64Array(metrics.length);
    metrics.forEach((m, k) => {
      let text: string | null;
      try {
        text = metricCellText(fields[m.index] ?? "", line, m.header, m.metric, m.decimalComma);
      } catch (error) {
        if (error instanceof MetricCellError) throw new RowReadError(error.message);
        throw error;
      }
      values[k] = text === null ? NaN : Number(text);
    });
    // The average position is stored weighted by the row's impressions (summed, it averages by them).
    metrics.forEach((m, k) => {
      if (m.metric.key !== "position" || Number.isNaN(values[k])) return;
      if (this.impressions === -1 || Number.isNaN(values[this.impressions]))
        throw new RowReadError(`Line ${line}, column ${m.header}: a position needs the row's impressions`);
      values[k] *= values[this.impressions];
    });
    return values;
  }

  private totals(fields: readonly string[], line: number, start: string | null): TotalsRow {
    const label =
      fields.find((f) => /^\s*(grand\s+)?totals?\b/i.test(f))?.trim() ?? (start ? `Total of ${start}` : "Total");
    let values: Float64Array;
    try {
      values = this.values(fields, line);
    } catch {
      // A totals row whose cells do not read (a rate where the rows have counts) is left out of the check.
      values = new Float64Array(this.plan.metrics.length).fill(NaN);
    }
    return { line, label, values, start };
  }
}

export const isTotals = (row: PlannedRow | TotalsRow): row is TotalsRow => "label" in row;
