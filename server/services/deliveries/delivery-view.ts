import "server-only";
import type { ReportDelivery, ScheduleRun } from "../../db/schema";

/** A delivery as the screens show it: where it stands, and why it failed when it did. */
export function deliveryView(row: ReportDelivery | ScheduleRun) {
  return {
    _id: row.id,
    status: row.status,
    attempts: row.attempts,
    error: row.error,
    result: row.result ?? null,
    reportId: row.reportId,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}
export type DeliveryView = ReturnType<typeof deliveryView>;
