import type { DataSource } from "../../../../db/schema";
import type { RowBuffer } from "../row-buffer";

/** One partner API turned into observation rows, a batch of days at a time. */
export interface PartnerConnector {
  /** Shown in sync messages. */
  provider: string;
  /** How far back the first import reaches, in months (what the provider's plan usually holds). */
  historyMonths: number;
  batchDays: number;
  newBuffer(): RowBuffer;
  fetch(input: { source: DataSource; startDate: string; endDate: string; buffer: RowBuffer }): Promise<void>;
}
