import { SEGMENT_PARTS } from "../../../insights/data/daily-totals";
import { blockStart, weekStart } from "../../../insights/data/rollup-periods";
import { copyText } from "./csv-layout";

/** Accumulators held before the sums give up and the rollups are summed from the staged rows. */
export const ROLLUP_SUMS_CAP = 200_000;

/** Whose rollups the sums are: their COPY lines start with the source's id (a day's total's also the project's). */
export interface RollupOwner {
  sourceId: string;
  projectId: string;
}

/**
 * COPY texts of the rollup sums, each line starting with its owner: per day (`dailyCopy`), per day and segment
 * (`segmentCopy`), and per week and four-week block when asked (`periodCopies`).
 */
export interface RollupCopies {
  daily: string;
  segments: string;
  weekly?: string;
  fourWeekly?: string;
}

/**
 * The report rollups of an upload (its daily totals and per-segment daily sums, as
 * `observation_daily_totals` and `observation_segment_daily` hold them for the file's days), summed
 * in Node while the file is read. The import is bound by PostgreSQL (inserting a million rows
 * into `observations` and its primary key) while Node, which reads and checks the file anyway, has
 * a core to spare: summing here spares PostgreSQL a second pass over the staged rows after the
 * last chunk. Memory is bounded: past `cap` accumulators (a file of very many distinct values) the
 * sums give up (`complete` turns false) and the rollups are summed from the staged rows in SQL, as
 * before.
 *
 * Values are the doubles PostgreSQL stores for the same cells, added in file order as its `sum`
 * adds them in the staged rows' order, so the sums are the same numbers a rebuild gives.
 */
export class UploadRollupSums {
  /** The metric columns summed, in the order `add` receives their values. */
  readonly columns: readonly string[];
  /** Per column: whether the segment rollup keeps it (every part but `users`). */
  private readonly inSegments: boolean[];
  /** The positions of those columns, for `addTo`. */
  private readonly segmentPositions: Int32Array;
  private readonly allPositions: Int32Array;
  private readonly usersAt: number;
  private readonly daily = new Map<string, Float64Array>();
  /**
   * Per segment, per day number: its accumulator. Arrays rather than one map keyed by day and segment: such a key
   * outgrows a small integer, and hashing it cost as much as the rest of the import's reading.
   */
  private readonly segments: (Float64Array | undefined)[][] = [];
  private segmentAccumulators = 0;
  private readonly segmentIds = new Map<string, number>();
  private readonly segmentNames: { dimension: string; value: string }[] = [];
  private readonly dayNumbers = new Map<string, number>();
  private readonly days: string[] = [];
  private lastDate = "";
  private lastDay = -1;
  private lastDaily: Float64Array | undefined;
  private given = false;
  private copies: RollupCopies | undefined;

  constructor(
    metricColumns: readonly string[],
    private readonly cap = ROLLUP_SUMS_CAP,
  ) {
    this.columns = metricColumns;
    const segmentColumns = new Set<string>(SEGMENT_PARTS.map((p) => p.column));
    this.inSegments = metricColumns.map((c) => segmentColumns.has(c));
    this.segmentPositions = Int32Array.from(metricColumns.flatMap((c, i) => (segmentColumns.has(c) ? [i] : [])));
    this.allPositions = Int32Array.from(metricColumns, (_, i) => i);
    this.usersAt = metricColumns.indexOf("users");
  }

  /** False once the accumulators passed the cap: the rollups must then come from the staged rows. */
  get complete(): boolean {
    return !this.given;
  }

  /** The number of a segment (a dimension column and one of its values), for `add`. */
  segmentId(dimension: string, value: string): number {
    // Once given up, nothing is summed: the rest of a file of many values must not grow the names.
    if (this.given) return 0;
    const name = `${dimension}\u0001${value}`;
    let id = this.segmentIds.get(name);
    if (id === undefined) {
      id = this.segmentNames.length;
      this.segmentIds.set(name, id);
      this.segmentNames.push({ dimension, value });
      this.segments.push([]);
    }
    return id;
  }

  /** Adds one row: its ISO day, its segments' numbers and its metric values (NaN for an empty cell). */
  add(date: string, segments: readonly number[], values: Float64Array): void {
    if (this.given) return;
    if (date !== this.lastDate) {
      let day = this.dayNumbers.get(date);
      if (day === undefined) {
        day = this.days.length;
        this.dayNumbers.set(date, day);
        this.days.push(date);
        this.daily.set(date, this.accumulator());
      }
      this.lastDate = date;
      this.lastDay = day;
      this.lastDaily = this.daily.get(date);
    }
    addTo(this.lastDaily!, values, this.allPositions);
    const day = this.lastDay;
    for (let s = 0; s < segments.length; s++) {
      const days = this.segments[segments[s]];
      let sums = days[day];
      if (sums === undefined) {
        if (this.segmentAccumulators >= this.cap) return this.giveUp();
        // Holes up to this day first: an array with gaps would turn into a slow dictionary.
        while (days.length < day) days.push(undefined);
        sums = this.accumulator();
        days[day] = sums;
        this.segmentAccumulators++;
      }
      addTo(sums, values, this.segmentPositions);
    }
  }

  /**
   * The COPY texts of the sums (`dailyCopy`, `segmentCopy`, and with `periods` `periodCopies`), written once: the
   * import writes them while PostgreSQL builds the rows' key, then reads them here.
   */
  prepareCopies(periods: boolean, owner: RollupOwner): RollupCopies {
    const source = `${owner.sourceId}\t`;
    this.copies ??= { daily: this.dailyCopy(`${source}${owner.projectId}\t`), segments: this.segmentCopy(source) };
    if (periods && this.copies.weekly === undefined) Object.assign(this.copies, this.periodCopies(source));
    return this.copies;
  }

  /**
   * COPY text of the daily totals, in date order: date, rows, then `columns` (`users` only for a day of one row);
   * each line after `prefix` (the columns before).
   */
  dailyCopy(prefix = ""): string {
    let out = "";
    for (const day of this.daysInDateOrder()) {
      const date = this.days[day];
      const sums = this.daily.get(date)!;
      out += `${prefix}${date}\t${sums[0]}`;
      for (let i = 0; i < this.columns.length; i++) {
        const value = i === this.usersAt && sums[0] !== 1 ? NaN : sums[i + 1];
        out += Number.isNaN(value) ? "\t\\N" : `\t${value}`;
      }
      out += "\n";
    }
    return out;
  }

  /** The segment rollup's columns, in the order of `segmentCopy`'s values after date, dimension, value and rows. */
  get segmentColumns(): string[] {
    return this.columns.filter((_, i) => this.inSegments[i]);
  }

  /**
   * COPY text of the segment sums: date, dimension, value, rows, then `segmentColumns`; each line after `prefix`.
   * In date order, as the rollup keeps them: a report's days lie together on disk.
   */
  segmentCopy(prefix = ""): string {
    const names = this.segmentNames.map(({ dimension, value }) => `\t${dimension}\t${copyText(value)}\t`);
    let out = "";
    for (const day of this.daysInDateOrder()) {
      const date = `${prefix}${this.days[day]}`;
      for (let segment = 0; segment < this.segments.length; segment++) {
        const sums = this.segments[segment][day];
        if (sums === undefined) continue;
        out += `${date}${names[segment]}${sums[0]}`;
        for (let i = 0; i < this.columns.length; i++) {
          if (!this.inSegments[i]) continue;
          out += Number.isNaN(sums[i + 1]) ? "\t\\N" : `\t${sums[i + 1]}`;
        }
        out += "\n";
      }
    }
    return out;
  }

  /** The day numbers, in date order (a file need not be sorted by date). */
  private daysInDateOrder(): number[] {
    return this.days.map((_, day) => day).sort((a, b) => (this.days[a] < this.days[b] ? -1 : 1));
  }

  /**
   * COPY text of the segment sums per ISO week (`week`, its Monday) and per four-week block (`block`, as
   * `blockStart`), each line: period, dimension, value, rows, then `segmentColumns`. For a file that replaces every
   * day of its source: a segment's days are added in date order into weeks, and its weeks in week order into
   * blocks, the additions `mergeStagedRollups` would otherwise make in SQL over the stored days and weeks.
   */
  periodCopies(prefix = ""): { weekly: string; fourWeekly: string } {
    const byDate = this.daysInDateOrder();
    const weekOf = byDate.map((day) => weekStart(this.days[day]));
    const weekly: string[] = [];
    const fourWeekly: string[] = [];
    this.segments.forEach((days, segment) => {
      const { dimension, value } = this.segmentNames[segment];
      const name = `\t${dimension}\t${copyText(value)}\t`;
      const weeks = this.summedBy(
        byDate.map((day, k) => ({ period: weekOf[k], sums: days[day] })),
        (week, sums) => weekly.push(this.periodLine(week, name, sums)),
      );
      this.summedBy(
        weeks.map((week) => ({ period: blockStart(week.period), sums: week.sums })),
        (block, sums) => fourWeekly.push(this.periodLine(block, name, sums)),
      );
    });
    // In period order, as the SQL inserts them: a report's weeks lie together on disk.
    const text = (lines: string[]) =>
      lines
        .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
        .map((line) => prefix + line)
        .join("");
    return { weekly: text(weekly), fourWeekly: text(fourWeekly) };
  }

  /** Adds consecutive accumulators of the same period into one (in their order); hands on and returns each. */
  private summedBy(
    parts: { period: string; sums: Float64Array | undefined }[],
    each: (period: string, sums: Float64Array) => void,
  ): { period: string; sums: Float64Array }[] {
    const out: { period: string; sums: Float64Array }[] = [];
    for (const { period, sums } of parts) {
      if (sums === undefined) continue;
      let last = out[out.length - 1];
      if (last === undefined || last.period !== period) {
        last = { period, sums: this.accumulator() };
        out.push(last);
      }
      addSums(last.sums, sums, this.segmentPositions);
    }
    for (const { period, sums } of out) each(period, sums);
    return out;
  }

  private periodLine(period: string, name: string, sums: Float64Array): string {
    let line = `${period}${name}${sums[0]}`;
    for (let i = 0; i < this.columns.length; i++) {
      if (!this.inSegments[i]) continue;
      line += Number.isNaN(sums[i + 1]) ? "\t\\N" : `\t${sums[i + 1]}`;
    }
    return line + "\n";
  }

  private accumulator(): Float64Array {
    const sums = new Float64Array(this.columns.length + 1).fill(NaN);
    sums[0] = 0;
    return sums;
  }

  private giveUp(): void {
    this.given = true;
    this.daily.clear();
    this.days.length = 0;
    this.dayNumbers.clear();
    this.segments.length = 0;
    this.segmentAccumulators = 0;
    this.segmentIds.clear();
    this.segmentNames.length = 0;
  }
}

/** Adds a row's values to an accumulator ([rows, ...sums]); an empty cell (NaN) adds nothing, as in SQL's `sum`. */
function addTo(sums: Float64Array, values: Float64Array, positions: Int32Array): void {
  sums[0]++;
  for (let p = 0; p < positions.length; p++) {
    const i = positions[p];
    const value = values[i];
    if (Number.isNaN(value)) continue;
    const sum = sums[i + 1];
    sums[i + 1] = Number.isNaN(sum) ? value : sum + value;
  }
}

/** Adds one accumulator into another (both [rows, ...sums]): the rows add up; a sum without values adds nothing. */
function addSums(total: Float64Array, part: Float64Array, positions: Int32Array): void {
  total[0] += part[0];
  for (let p = 0; p < positions.length; p++) {
    const i = positions[p] + 1;
    const value = part[i];
    if (Number.isNaN(value)) continue;
    const sum = total[i];
    total[i] = Number.isNaN(sum) ? value : sum + value;
  }
}
