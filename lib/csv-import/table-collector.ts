import { EXPORT_MESSAGES as X } from "../constants/export-messages";
import { periodEnd, type Grain } from "./grain";
import { detectDateOrder } from "./parse-date";
import type { Item } from "./read-items";
import type { ExportReading, TablePart } from "./read-export";
import { sameHeaders, SectionSplitter, type Section } from "./sections";
import { isTotals, RowReadError, TableRowReader, type PlannedRow, type TablePlan, type TotalsRow } from "./table-plan";

/** Distinct periods and dimension values held while rows are added up (a year of GA4 hours is 365 days × values). */
export const MAX_ADDED_ROWS = 1_000_000;
/** Rows whose slashed dates read both ways, held until one tells the order. */
const MAX_HELD = 100_000;

export interface CollectedRow {
  line: number;
  start: string;
  dimensions: string[];
  values: Float64Array;
}

/**
 * The import's rows of a file that cannot stream as it is (GA4's tables merged by date, Meta's spans, GA4's hours,
 * rows split by a breakdown): every row of the imported tables read by the plan, added up by period and dimension
 * values, the totals rows kept for the summary's check. Items come in file order (`add`), the sample's and the
 * rest; tables past the sample join when they have a part's columns, and are noted otherwise.
 */
export class TableCollector {
  readonly rows = new Map<string, CollectedRow>();
  readonly totals: TotalsRow[] = [];
  /** Rows of the file read (before adding up). */
  rowsRead = 0;
  readonly notes: string[] = [];
  /** The first and last day the rows cover (a span's own end, else the period's). */
  coverage: { start: string; end: string } | null = null;
  private readonly splitter = new SectionSplitter(0);
  private readonly parts = new Map<Section, TablePart | null>();
  private readonly reader: TableRowReader;
  private held: { fields: string[]; line: number }[] = [];

  constructor(
    private readonly reading: ExportReading,
    private readonly plan: TablePlan,
    readonly grain: Grain,
  ) {
    this.reader = new TableRowReader(plan, grain);
  }

  add(item: Item): void {
    const added = this.splitter.add(item);
    if (!added?.row) return;
    const part = this.partOf(added.section);
    if (!part) return;
    const merged = new Array<string>(this.plan.table.headers.length).fill("");
    part.columns.forEach((to, from) => (merged[to] = added.row![from] ?? ""));
    this.read(merged, item.line);
  }

  /** The end of the file: rows still held read month first, as US-English exports write them. */
  finish(): void {
    if (this.held.length > 0) this.release("mdy");
  }

  private read(fields: string[], line: number): void {
    if (this.reader.dateOrder === null && this.plan.date.kind !== "span") {
      const order = detectDateOrder([fields[this.plan.date.index] ?? ""]);
      if (order) this.release(order);
    }
    const row = this.reader.read(fields, line);
    if (row === null) return;
    if (row === "ambiguous") {
      this.held.push({ fields, line });
      if (this.held.length >= MAX_HELD) this.release("mdy");
      return;
    }
    if (isTotals(row)) {
      this.totals.push(row);
      return;
    }
    this.collect(row);
  }

  private release(order: "dmy" | "mdy"): void {
    this.reader.setOrder(order);
    const held = this.held;
    this.held = [];
    for (const { fields, line } of held) this.read(fields, line);
  }

  private collect(row: PlannedRow): void {
    this.rowsRead++;
    const end = row.end ?? periodEnd(row.start, this.grain);
    const first = row.first ?? row.start;
    if (!this.coverage) this.coverage = { start: first, end };
    else {
      if (first < this.coverage.start) this.coverage.start = first;
      if (end > this.coverage.end) this.coverage.end = end;
    }
    const key = `${row.start}\u0001${row.dimensions.join("\u0001")}`;
    const known = this.rows.get(key);
    if (known) {
      const values = known.values;
      for (let k = 0; k < values.length; k++) {
        const v = row.values[k];
        if (v === v) values[k] = values[k] === values[k] ? values[k] + v : v;
      }
      return;
    }
    if (this.rows.size >= MAX_ADDED_ROWS) throw new RowReadError(X.tooManyToAdd(row.line, MAX_ADDED_ROWS));
    this.rows.set(key, { line: row.line, start: row.start, dimensions: row.dimensions, values: row.values });
  }

  /** The table a part of the plan reads from a table of the file; null for a table not imported (noted once). */
  private partOf(section: Section): TablePart | null {
    const known = this.parts.get(section);
    if (known !== undefined) return known;
    const parts = this.plan.table.parts;
    let part = parts.find((p) => p.headerLine === section.headerLine) ?? null;
    if (!part && section.headerLine > (this.reading.sections.at(-1)?.headerLine ?? 0)) {
      // A table past the start the reading saw: one of the plan's again (GA4's next card of the same figures is a
      // comparison when it states another range), or another table.
      const same = parts.find((p) => sameHeaders(p.headers, section.headers));
      const context = this.plan.table.context;
      if (same && (section.start === null || section.start === context.start)) part = same;
      else
        this.notes.push(
          `Line ${section.headerLine} (${section.headers.slice(0, 3).join(", ")}): another table of the file, not imported`,
        );
    }
    this.parts.set(section, part);
    return part;
  }
}
