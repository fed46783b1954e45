import type { EmailContent } from "@/lib/validation/deliveries";
import type { ExportFormat, ExportModel } from "../../exports/export-model";
import type { ExportFile } from "../exports/export-insights";

/**
 * Where a delivery goes and how: an email, or a file saved into a folder of the schedule owner's
 * connected Dropbox (upload mode add with autorename, so an earlier run's file is never replaced).
 * Each has its deliverer in `deliver-to-target.ts`; the pipeline, records and retries are shared.
 */
export type DeliveryTarget =
  /** `test`: a schedule's "Send a test now", to the person editing it, as its clients would get it. */
  | { kind: "email"; content: EmailContent; test?: boolean }
  | { kind: "dropbox"; userId: string; folder: string; format: ExportFormat };

/** What every target receives: the report as the export model, its file when one is wanted, and links. */
export interface DeliveryPackage {
  model: ExportModel;
  file: ExportFile | null;
  /** The agency's name, for the email's sender line. */
  agencyName: string;
  agencyId: string;
  /** Who set the delivery up: the share link a client's email carries is theirs, and answers go to them. */
  ownerId: string;
  ownerEmail: string;
  /** The report on the app, for the agency's own staff among the recipients. */
  appUrl: string;
  /** The report a client's share link opens (the one exported, or the newest the chosen insights come from). */
  reportId: string | null;
  /** Stable across retries of the same delivery (the email's Message-ID, Dropbox's file name, the share link). */
  deliveryKey: string;
  /** Parts an earlier attempt handed over (an email's message to the clients, the one to staff). */
  sentParts: string[];
  markSent: (part: string) => Promise<void>;
}

export const DELIVERY_LINK_MESSAGES = {
  noReport: "The insights sent belong to no report a client's link could open",
} as const;

/**
 * A failure the user can read and act on. `retryable`: worth trying again later (a server down);
 * `notSent`: the target certainly did not take the content, so a retry may send it.
 */
export class DeliveryFailure extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly notSent: boolean,
    options?: { cause?: unknown; nothingToSend?: boolean },
  ) {
    super(message, options);
    this.name = "DeliveryFailure";
    this.nothingToSend = options?.nothingToSend === true;
  }
  /** The run found no data for its period: not a failure to retry, a run deliberately not sent (`not_sent`). */
  readonly nothingToSend: boolean;
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
