import type { Dimension as DimensionKey } from "@/lib/catalogue/dimensions";
import { dimensionIdentity, dimensionKey, normalizeDimension } from "../upload/csv-layout";

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
  metrics: number[];
}

/**
 * The rows of one batch of days, keyed by (date, dimension combination). Values are normalised as
 * the CSV upload does (trimmed, NFC, empty = "(not set)"), so two API values that normalise alike
 * ("Email " and "Email") land in one row with their additive metrics summed instead of colliding
 * on the primary key. (`users` is summed too in that rare case: the API gave them as two rows.)
 */
export class RowBuffer {
  private rows = new Map<string, BufferedRow>();
  // Raw values -> key: a few thousand combinations repeat every day; hash each once.
  private keys = new Map<string, { key: string; dims: Partial<Record<DimensionKey, string>> }>();

  constructor(
    readonly dimensions: readonly DimensionKey[],
    readonly metrics: readonly MetricColumn[],
  ) {}

  get size(): number {
    return this.rows.size;
  }

  add(date: string, values: string[], metrics: number[]): void {
    const raw = values.join("\u0001");
    let combo = this.keys.get(raw);
    if (!combo) {
      const dims: Partial<Record<DimensionKey, string>> = {};
      this.dimensions.forEach((d, i) => (dims[d] = normalizeDimension(values[i])));
      combo = { key: dimensionKey(dimensionIdentity(dims)), dims };
      if (this.keys.size > 50_000) this.keys.clear();
      this.keys.set(raw, combo);
    }
    const id = `${date}|${combo.key}`;
    const existing = this.rows.get(id);
    if (existing) {
      for (let i = 0; i < metrics.length; i++) existing.metrics[i] += metrics[i];
      return;
    }
    this.rows.set(id, { date, key: combo.key, dims: combo.dims, metrics: metrics.slice() });
  }

  values(): IterableIterator<BufferedRow> {
    return this.rows.values();
  }
}
