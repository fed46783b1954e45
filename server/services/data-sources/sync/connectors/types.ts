import type { OAuth2Client } from "../../../../integrations/google/auth";
import type { DataSource } from "../../../../db/schema";
import type { RowBuffer } from "../row-buffer";

/** One Google API turned into observation rows, a batch of days at a time. */
export interface Connector {
  /** How far back the first import reaches, in months (what the API holds). */
  historyMonths: number;
  /** Days fetched and written per transaction: big enough for few requests, small enough for memory. */
  batchDays: number;
  /** The buffer for one batch: the dimensions may depend on the source's settings. */
  newBuffer(source: DataSource): RowBuffer;
  /** Fills `buffer` with the rows of [startDate, endDate]. */
  fetch(input: {
    auth: OAuth2Client;
    source: DataSource;
    startDate: string;
    endDate: string;
    buffer: RowBuffer;
  }): Promise<void>;
}

/** A number from an API's text, or a malformed-response error naming the field. */
export function parseMetric(value: unknown, field: string, malformed: (detail: string) => Error): number {
  if (value === undefined || value === null || value === "") return 0;
  const n = typeof value === "number" ? value : Number(value);
  if (!Number.isFinite(n)) throw malformed(`${field} is not a number: ${String(value).slice(0, 40)}`);
  return n;
}

export function requireSetting(source: DataSource, name: string): string {
  const value = source.additional[name];
  if (typeof value !== "string" || value === "") throw new Error(`data source ${source.id} has no ${name}`);
  return value;
}
