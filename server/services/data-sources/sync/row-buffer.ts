import { DIMENSIONS, type Dimension as DimensionKey } from "@/lib/catalogue/dimensions";
import { copyText, dimensionIdentity, dimensionKey, normalizeDimension } from "../upload/csv-layout";

/** The observation columns a connector fills (the others stay NULL: "not given by this source"). */
export type MetricColumn =
  | "sessions"
  | "users"
  | "new_users"
  | "engaged_sessions"
  | "pageviews"
  | "conversions"
  | "leads"
  | "transactions"
  | "revenue"
  | "impressions"
  | "clicks"
  | "cost"
  | "position_weighted"
  | "deals_created"
  | "deals_won"
  | "won_value"
  | "orders"
  | "order_revenue"
  | "products_sold"
  | "new_customer_orders"
  | "returning_customer_orders";

export interface BufferedRow {
  date: string;
  key: string;
  dims: Partial<Record<DimensionKey, string>>;
  /** The dimension columns as COPY text, each after a tab (`\N` for one not in the grain), in DIMENSIONS order. */
  copyDims: string;
  metrics: number[];
}

interface Combination {
  key: string;
  dims: Partial<Record<DimensionKey, string>>;
  copyDims: string;
}

/**
 * The rows of one batch of days, keyed by (date, dimension combination). Values are normalised as
 * the CSV upload does (trimmed, NFC, empty = "(not set)"), so two API values that normalise alike
 * ("Email " and "Email") land in one row with their additive metrics summed instead of colliding
 * on the primary key. (`users` is summed too in that rare case: the API gave them as two rows.)
 */
export class RowBuffer {
  // date → combination key → row: a row is found without building a "date|key" string for it (Meta's first import
  // adds 1.2 million rows), and a combination's COPY text is made once.
  private rows = new Map<string, Map<string, BufferedRow>>();
  private count = 0;
  // Raw values -> key: a few thousand combinations repeat every day; hash each once.
  private keys = new Map<string, Combination>();

  constructor(
    readonly dimensions: readonly DimensionKey[],
    readonly metrics: readonly MetricColumn[],
  ) {}

  get size(): number {
    return this.count;
  }

  add(date: string, values: string[], metrics: number[]): void {
    const raw = values.join("\u0001");
    let combo = this.keys.get(raw);
    if (!combo) {
      const dims: Partial<Record<DimensionKey, string>> = {};
      this.dimensions.forEach((d, i) => (dims[d] = normalizeDimension(values[i])));
      let copyDims = "";
      for (const d of DIMENSIONS) {
        const value = dims[d.key];
        copyDims += value === undefined ? "\t\\N" : `\t${copyText(value)}`;
      }
      combo = { key: dimensionKey(dimensionIdentity(dims)), dims, copyDims };
      if (this.keys.size > 50_000) this.keys.clear();
      this.keys.set(raw, combo);
    }
    let day = this.rows.get(date);
    if (!day) this.rows.set(date, (day = new Map()));
    const existing = day.get(combo.key);
    if (existing) {
      for (let i = 0; i < metrics.length; i++) existing.metrics[i] += metrics[i];
      return;
    }
    day.set(combo.key, { date, key: combo.key, dims: combo.dims, copyDims: combo.copyDims, metrics: metrics.slice() });
    this.count++;
  }

  *values(): IterableIterator<BufferedRow> {
    for (const day of this.rows.values()) yield* day.values();
  }
}
