import type { EmailContent } from "@/lib/validation/deliveries";
import type { ExportFormat, ExportModel } from "../../exports/export-model";
import type { ExportFile } from "../exports/export-insights";

/**
 * Where a delivery goes and how: an email, or a file saved into a folder of the schedule owner's
 * connected Dropbox (upload mode add with autorename, so an earlier run's file is never replaced).
 * Each has its deliverer in `deliver-to-target.ts`; the pipeline, records and retries are shared.
 */
export type DeliveryTarget =
  { kind: "email"; content: EmailContent } | { kind: "dropbox"; userId: string; folder: string; format: ExportFormat };

/** What every target receives: the report as the export model, its file when one is wanted, and links. */
export interface DeliveryPackage {
  model: ExportModel;
  file: ExportFile | null;
  /** The agency's name, for the email's sender line. */
  agencyName: string;
  /** The report on the app, for "Open the report". */
  reportUrl: string;
  /** Stable across retries of the same delivery (the email's Message-ID, Dropbox's file name). */
  deliveryKey: string;
}

/**
 * A failure the user can read and act on. `retryable`: worth trying again later (a server down);
 * `notSent`: the target certainly did not take the content, so a retry may send it.
 */
export class DeliveryFailure extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly notSent: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "DeliveryFailure";
  }
}

/** The file a target wants with the message, if any. */
export function targetFormat(target: DeliveryTarget): ExportFormat | null {
  switch (target.kind) {
    case "email":
      return target.content.format === "none" ? null : target.content.format;
    case "dropbox":
      return target.format;
  }
}
