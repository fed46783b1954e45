import "server-only";
import { findPlan } from "@/lib/constants/plans";
import type { SupportRequest } from "../../db/schema";

/** A support request as the subscription page lists it. */
export function supportRequestView(r: SupportRequest) {
  return {
    _id: r.id,
    subject: r.subject,
    message: r.message,
    planWanted: r.planTier && r.planKind ? (findPlan(r.planTier, r.planKind)?.name ?? null) : null,
    senderEmail: r.senderEmail,
    status: r.status,
    error: r.error,
    sentAt: r.sentAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}
export type SupportRequestView = ReturnType<typeof supportRequestView>;
