import { squashName } from "./known-columns";
import { parseDateCell } from "./parse-date";
import { parseNumberCell } from "./parse-number";
import { readItems, sniffSeparator } from "./read-items";
import { addDays } from "../dates";

// Shopify's orders export (Orders → Export, "CSV for Excel, Numbers, or other spreadsheet programs") is a list of
// orders, one row per line item, not a report by day: an order's own cells (its Total, its Financial Status) are on
// its first row only, the rows of its other line items repeat its name and leave them empty, and its name starts with
// `#` (#5937), which is a comment in analytics exports, so the file is read with no comment lines. Each order counts
// on the day of its Created at (the shop's own time zone, as the export writes it) with its Total; a cancelled one
// (Cancelled at) is left out. The counts make a table of our own column names, one row per day from the first to the
// last, which the reading then reads as any export (as HubSpot's deal lists, lib/csv-import/deal-list.ts).

/** The table the orders are counted into: our own names (lib/csv-import/known-columns.ts). */
export const ORDER_DAY_HEADER = ["Date", "Orders", "Revenue"] as const;

export interface OrderColumns {
  name: number;
  created: number;
  total: number;
  cancelled: number;
  currency: number;
}

const find = (keys: readonly string[], name: string) => keys.indexOf(squashName(name));

/** The columns of a Shopify orders export, or null when the header is not one. */
export function orderColumns(headers: readonly string[]): OrderColumns | null {
  const keys = headers.map(squashName);
  const columns = {
    name: find(keys, "Name"),
    created: find(keys, "Created at"),
    total: find(keys, "Total"),
    cancelled: find(keys, "Cancelled at"),
    currency: find(keys, "Currency"),
  };
  const lineItems = find(keys, "Lineitem name") !== -1 || find(keys, "Lineitem quantity") !== -1;
  if (columns.name === -1 || columns.created === -1 || columns.total === -1 || !lineItems) return null;
  if (find(keys, "Financial Status") === -1) return null;
  return columns;
}

export interface OrderDays {
  /** The days' table as CSV text, under ORDER_DAY_HEADER. */
  text: string;
  note: string;
  /** Why the orders cannot be counted (a line and column); the table is then empty. */
  refusal: string | null;
}

/**
 * The orders of `text` (a Shopify orders export) counted by day, or null when `text` is not one. `complete`: the text
 * is the whole file (otherwise its last record may be cut off and is left out).
 */
export function orderListDays(text: string, complete: boolean): OrderDays | null {
  const separator = sniffSeparator(text);
  const { items } = readItems(text, separator, complete, Infinity, { comments: false });
  const records = items.filter((i) => i.kind === "record");
  const header = records[0];
  if (!header) return null;
  const columns = orderColumns(header.fields);
  if (!columns) return null;
  const headers = header.fields;
  const cell = (fields: string[], i: number) => (i === -1 ? "" : (fields[i] ?? "").trim());
  const fail = (line: number, column: number, message: string): OrderDays => ({
    text: `${ORDER_DAY_HEADER.join(",")}\n`,
    note: "",
    refusal: `Line ${line}, column ${headers[column]}: ${message}`,
  });
  const days = new Map<string, { orders: number; revenue: number }>();
  const currencies = new Set<string>();
  let orders = 0;
  let cancelled = 0;
  const seen = new Set<string>();
  for (const { line, fields } of records.slice(1)) {
    // An order's first row holds its own cells; the rows of its further line items repeat its name.
    const name = cell(fields, columns.name);
    if (name === "" || seen.has(name)) continue;
    seen.add(name);
    const totalRaw = cell(fields, columns.total);
    if (cell(fields, columns.cancelled) !== "") {
      cancelled++;
      continue;
    }
    const createdRaw = cell(fields, columns.created);
    const created = parseDateCell(createdRaw, "mdy");
    if (created === null || created === "ambiguous")
      return fail(line, columns.created, `"${createdRaw}" is not a date`);
    const total = totalRaw === "" ? null : parseNumberCell(totalRaw);
    if (total === null && totalRaw !== "") return fail(line, columns.total, `"${totalRaw}" is not an amount`);
    let d = days.get(created);
    if (!d) days.set(created, (d = { orders: 0, revenue: 0 }));
    d.orders++;
    if (total && total.kind === "number") d.revenue += Number(total.text);
    const currency = cell(fields, columns.currency);
    if (currency !== "") currencies.add(currency);
    orders++;
  }
  if (currencies.size > 1)
    return fail(
      header.line,
      columns.currency,
      `the orders are in ${[...currencies].join(", ")}: export one currency's orders at a time`,
    );
  const dates = [...days.keys()].sort();
  const lines: string[] = [ORDER_DAY_HEADER.join(",")];
  if (dates.length > 0) {
    // Every day from the first order's to the last's: a day without orders is a day of none.
    for (let date = dates[0]; date <= dates[dates.length - 1]; date = addDays(date, 1)) {
      const d = days.get(date) ?? { orders: 0, revenue: 0 };
      lines.push(`${date},${d.orders},${Math.round(d.revenue * 100) / 100}`);
    }
  }
  const read = complete ? "" : " in the rows read so far";
  const left =
    cancelled > 0 ? `; ${cancelled.toLocaleString("en")} cancelled order${cancelled === 1 ? "" : "s"} left out` : "";
  return {
    text: `${lines.join("\n")}\n`,
    note:
      `Shopify orders export, one row per line item (${orders.toLocaleString("en")} orders${read}): counted by day, ` +
      `each order on its ${headers[columns.created]} with its ${headers[columns.total]}${left}`,
    refusal: null,
  };
}
