import { squashName } from "./known-columns";
import { detectDateOrder, parseDateCell, type DateOrder } from "./parse-date";
import { parseNumberCell } from "./parse-number";
import { readItems, sniffSeparator } from "./read-items";
import { addDays } from "../dates";

// HubSpot's deals export (CRM → Deals → Export, CSV or XLSX) is a list of deals, one row each, not a report by day:
// its days are in the deals' Create Date and Close Date. It is read as the CRM source reads deals through the API
// (server/services/data-sources/sync/partners/crm-connector.ts): a deal counts as created on its Create Date, and
// as won, with its amount, on its Close Date when its stage is a won one. The counts make a table of our own column
// names, one row per day from the first to the last (a day without deals is a day of none), which the reading then
// reads as any other export: the wizard's preview and the importer read the same table.

/** The table the deals are counted into: our own names (lib/csv-import/known-columns.ts). */
export const DEAL_DAY_HEADER = ["Date", "Deals created", "Deals won", "Won deal value"] as const;

export interface DealColumns {
  create: number;
  close: number;
  stage: number;
  /** HubSpot's "Is Closed Won" (true/false), when the export has it: it says which stages are won in any pipeline. */
  closedWon: number;
  amount: number;
}

const find = (keys: readonly string[], ...names: string[]) => {
  for (const name of names) {
    const i = keys.indexOf(squashName(name));
    if (i !== -1) return i;
  }
  return -1;
};

/**
 * The columns a HubSpot deals export lacks to be counted by day (a Create Date; a Deal Stage or Is Closed Won), when
 * the header is one (a Record ID and a Deal Name: github.com/alexatafm/solar-hub-sync's export of four properties);
 * null when it is no deals export or has them.
 */
export function missingDealColumns(headers: readonly string[]): string[] | null {
  const keys = headers.map(squashName);
  if (find(keys, "Record ID", "Deal ID") === -1 || find(keys, "Deal Name") === -1) return null;
  const missing = [
    ...(find(keys, "Create Date", "Created date", "Deal create date") === -1 ? ["Create Date"] : []),
    ...(find(keys, "Deal Stage", "Stage", "Pipeline stage", "Is Closed Won") === -1 ? ["Deal Stage"] : []),
  ];
  return missing.length > 0 ? missing : null;
}

/** The columns of a HubSpot deals export, or null when the header is not one (a Create Date and a deal's stage). */
export function dealColumns(headers: readonly string[]): DealColumns | null {
  const keys = headers.map(squashName);
  const create = find(keys, "Create Date", "Created date", "Deal create date");
  const stage = find(keys, "Deal Stage", "Stage", "Pipeline stage");
  const closedWon = find(keys, "Is Closed Won", "Is closed won");
  const named = find(keys, "Deal Name", "Record ID", "Deal ID");
  if (create === -1 || named === -1 || (stage === -1 && closedWon === -1)) return null;
  return {
    create,
    close: find(keys, "Close Date", "Closed date", "Deal close date"),
    stage,
    closedWon,
    // The amount in one currency when deals are in several; the deal's own otherwise.
    amount: find(keys, "Amount in company currency", "Amount", "Deal amount"),
  };
}

/** A stage HubSpot's default pipeline (and usual custom ones) calls won: "Closed Won", "Won", "Closed won (Sales)". */
const WON_STAGE = /(^|\b)(closed\s*won|won|gewonnen|ganado|gagn[ée]e?|ganho|vinto)(\b|$)/i;
const LOST = /lost|verloren|perdido|perdu|perso/i;
const TRUE = /^(true|yes|1|wahr|sí|si|oui|sim)$/i;

export interface DealDays {
  /** The days' table as CSV text, under DEAL_DAY_HEADER. */
  text: string;
  note: string;
  /** Why the deals cannot be counted (a line and column); the table is then empty. */
  refusal: string | null;
}

/**
 * The deals of `text` (a HubSpot deals export) counted by day, or null when `text` is not one. `complete`: the text
 * is the whole file (otherwise its last record may be cut off and is left out).
 */
export function dealListDays(text: string, complete: boolean): DealDays | null {
  const separator = sniffSeparator(text);
  const { items } = readItems(text, separator, complete);
  const records = items.filter((i) => i.kind === "record");
  const header = records[0];
  if (!header) return null;
  const columns = dealColumns(header.fields);
  if (!columns) return null;
  const deals = records.slice(1).filter((r) => r.fields.some((f) => f.trim() !== ""));
  const cell = (fields: string[], i: number) => (i === -1 ? "" : (fields[i] ?? "").trim());
  const order: DateOrder =
    detectDateOrder(deals.flatMap((d) => [cell(d.fields, columns.create), cell(d.fields, columns.close)])) ?? "mdy";
  const days = new Map<string, { created: number; won: number; value: number }>();
  const day = (date: string) => {
    let d = days.get(date);
    if (!d) days.set(date, (d = { created: 0, won: 0, value: 0 }));
    return d;
  };
  const headers = header.fields;
  const fail = (line: number, column: number, message: string): DealDays => ({
    text: `${DEAL_DAY_HEADER.join(",")}\n`,
    note: "",
    refusal: `Line ${line}, column ${headers[column]}: ${message}`,
  });
  const read = (line: number, column: number, raw: string) => {
    const date = parseDateCell(raw, order);
    return date === null || date === "ambiguous" ? fail(line, column, `"${raw}" is not a date`) : date;
  };
  let won = 0;
  for (const { line, fields } of deals) {
    const created = cell(fields, columns.create);
    if (created === "") continue;
    const createdOn = read(line, columns.create, created);
    if (typeof createdOn !== "string") return createdOn;
    day(createdOn).created++;
    const stage = cell(fields, columns.stage);
    const isWon =
      columns.closedWon !== -1 && cell(fields, columns.closedWon) !== ""
        ? TRUE.test(cell(fields, columns.closedWon))
        : WON_STAGE.test(stage) && !LOST.test(stage);
    const closed = cell(fields, columns.close);
    if (!isWon || closed === "") continue;
    const closedOn = read(line, columns.close, closed);
    if (typeof closedOn !== "string") return closedOn;
    const amountRaw = cell(fields, columns.amount);
    const amount = amountRaw === "" ? null : parseNumberCell(amountRaw);
    if (amount === null && amountRaw !== "") return fail(line, columns.amount, `"${amountRaw}" is not an amount`);
    const d = day(closedOn);
    d.won++;
    if (amount && amount.kind === "number") d.value += Number(amount.text);
    won++;
  }
  const dates = [...days.keys()].sort();
  const lines: string[] = [DEAL_DAY_HEADER.join(",")];
  if (dates.length > 0) {
    // Every day from the first deal's to the last's: a day without deals created or won is a day of none.
    for (let date = dates[0]; date <= dates[dates.length - 1]; date = addDays(date, 1)) {
      const d = days.get(date) ?? { created: 0, won: 0, value: 0 };
      lines.push(`${date},${d.created},${d.won},${Math.round(d.value * 100) / 100}`);
    }
  }
  const amount = columns.amount === -1 ? "" : `, with its ${headers[columns.amount]}`;
  const close = columns.close === -1 ? "" : ` on its ${headers[columns.close]}`;
  return {
    text: `${lines.join("\n")}\n`,
    note:
      `HubSpot deals export, one row per deal (${deals.length.toLocaleString("en")} deals${complete ? "" : " in the rows read so far"}): ` +
      `counted by day, each deal created on its ${headers[columns.create]} and, when won (${won.toLocaleString("en")}), won${close}${amount}`,
    refusal: null,
  };
}
