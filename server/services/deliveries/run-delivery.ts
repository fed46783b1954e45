import "server-only";
import type { ExportSelection } from "@/lib/validation/exports";
import { appUrl } from "../../env";
import { AppError } from "../../errors";
import { log } from "../../log";
import type { ProjectServiceContext } from "../context";
import { buildExportFile, exportModel } from "../exports/export-insights";
import {
  claimDelivery,
  markDeliveryDelivered,
  markDeliveryFailed,
  markDeliveryPartSent,
  markDeliverySending,
  type ClaimedDelivery,
  type DeliveryTable,
} from "./delivery-record";
import { DeliveryFailure, targetFormat, type DeliveryTarget } from "./delivery-target";
import { deliverToTarget } from "./deliver-to-target";

export type DeliveryOutcome =
  | { kind: "delivered"; result: Record<string, unknown> }
  | { kind: "failed"; reason: string }
  /** No data for its period: nothing was sent, on purpose (the record says why). */
  | { kind: "not_sent"; reason: string }
  | { kind: "skipped"; why: "done" | "busy" | "missing" };

/** What a kind of delivery (by hand, scheduled) supplies to the shared pipeline. */
export interface DeliverySource {
  table: DeliveryTable;
  id: string;
  /** The owner's context, the target, and what to send; a schedule run generates its report here. */
  prepare: (record: ClaimedDelivery) => Promise<{
    ctx: ProjectServiceContext & { agencyName: string };
    target: DeliveryTarget;
    selection: ExportSelection;
  }>;
  /** Told when a run was not sent for lack of data (the schedule's owner is emailed). */
  onNotSent?: (reason: string) => Promise<void>;
}

/**
 * Test seams for crashes: between building the content and handing it over (the run must still be
 * delivered once), and after the hand-over before it is recorded (it must not be sent again).
 */
export interface DeliveryHooks {
  beforeSend?: () => Promise<void>;
  afterSend?: () => Promise<void>;
}

function reportUrl(projectId: string, selection: ExportSelection): string {
  if (selection.tag) return appUrl(`/client-projects/${projectId}/insight-tags/${selection.tag}`);
  if (selection.reportId) return appUrl(`/client-projects/${projectId}?report=${selection.reportId}`);
  return appUrl(`/client-projects/${projectId}`);
}

function asFailure(error: unknown): DeliveryFailure {
  if (error instanceof DeliveryFailure) return error;
  // A refusal of the service (an empty report, a selection that no longer exists) will not change by waiting.
  if (error instanceof AppError && error.status < 500) return new DeliveryFailure(error.message, false, true);
  const message = error instanceof Error ? error.message : String(error);
  return new DeliveryFailure(`The delivery could not be completed: ${message}`, true, false, { cause: error });
}

/**
 * One attempt at a delivery: claim its record, prepare (the owner's access, the report), build the
 * export, mark the point of no return, hand it to the target, record the outcome. A temporary
 * failure is rethrown so the job's retry (with backoff) takes the record again; a final one is
 * recorded and ends here.
 */
export async function runDelivery(source: DeliverySource, hooks: DeliveryHooks = {}): Promise<DeliveryOutcome> {
  const claim = await claimDelivery(source.table, source.id);
  if (claim.kind !== "claimed") return { kind: "skipped", why: claim.kind === "done" ? "done" : claim.kind };
  let sending = false;
  try {
    const { ctx, target, selection } = await source.prepare(claim.record);
    const model = await exportModel({ ctx, input: selection });
    const format = targetFormat(target);
    const file = format ? await buildExportFile(model, format) : null;
    await hooks.beforeSend?.();
    await markDeliverySending(source.table, source.id);
    sending = true;
    const result = await deliverToTarget(target, {
      model,
      file,
      agencyName: ctx.agencyName,
      agencyId: ctx.actor.agencyId,
      ownerId: ctx.actor.userId,
      ownerEmail: ctx.actor.email,
      appUrl: reportUrl(ctx.access.project.id, selection),
      reportId: model.reportId ?? null,
      deliveryKey: `${source.table}-${source.id}`,
      sentParts: claim.record.sentParts,
      markSent: (part) => markDeliveryPartSent(source.table, source.id, part),
    });
    await hooks.afterSend?.();
    await markDeliveryDelivered(source.table, source.id, result);
    log("info", "report delivered", { table: source.table, id: source.id, target: target.kind });
    return { kind: "delivered", result };
  } catch (error) {
    const failure = asFailure(error);
    if (failure.nothingToSend) {
      await markDeliveryFailed(source.table, source.id, failure.message, { notSent: true, status: "not_sent" });
      log("info", "report not sent: no data for its period", { table: source.table, id: source.id });
      await source
        .onNotSent?.(failure.message)
        .catch((e: unknown) =>
          log("warn", "the not-sent notice could not be queued", { id: source.id, error: String(e) }),
        );
      return { kind: "not_sent", reason: failure.message };
    }
    // Before the hand-over nothing left; after it, only the target's own refusal proves nothing did.
    await markDeliveryFailed(source.table, source.id, failure.message, { notSent: !sending || failure.notSent });
    log("warn", "report delivery failed", {
      table: source.table,
      id: source.id,
      reason: failure.message,
      retryable: failure.retryable,
    });
    if (failure.retryable) throw failure;
    return { kind: "failed", reason: failure.message };
  }
}
