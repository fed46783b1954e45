import "server-only";
import { eq } from "drizzle-orm";
import { DELIVERY_MESSAGES } from "@/lib/constants/messages";
import type { Actor } from "../../auth/actor";
import { requireProjectAccess } from "../../auth/client-access";
import { db } from "../../db/client";
import { agencies, users } from "../../db/schema";
import { AppError } from "../../errors";
import type { ProjectServiceContext } from "../context";
import { DeliveryFailure } from "./delivery-target";

export const OWNER_MESSAGES = {
  ownerGone: "The person who set up this delivery no longer has an account",
  noAccess: "The person who set up this delivery can no longer see this project",
  subscriptionInactive: "The agency's subscription has expired: scheduled deliveries are paused",
} as const;

/**
 * A delivery runs in the worker on behalf of the user who asked for it, with that user's access
 * as it is now (checked again at delivery time, exactly as a request would be): a staff member
 * who lost the client, or a deleted user, stops the delivery with a reason instead of leaking it.
 */
export async function ownerContext(input: {
  userId: string;
  projectId: string;
  txId: string;
  scheduled: boolean;
}): Promise<ProjectServiceContext & { agencyName: string }> {
  const [row] = await db()
    .select({ user: users, agency: agencies })
    .from(users)
    .innerJoin(agencies, eq(agencies.id, users.agencyId))
    .where(eq(users.id, input.userId))
    .limit(1);
  if (!row) throw new DeliveryFailure(OWNER_MESSAGES.ownerGone, false, true);
  const actor: Actor = {
    userId: row.user.id,
    agencyId: row.user.agencyId,
    email: row.user.email,
    role: row.user.role,
    isAgencyAdmin: row.user.role === "agency",
    onboarding: row.user.onboarding,
    isScheduleAllowed: row.user.isScheduleAllowed,
    subscriptionStatus: row.agency.subscriptionStatus,
  };
  if (input.scheduled && actor.subscriptionStatus === "suspended")
    throw new DeliveryFailure(OWNER_MESSAGES.subscriptionInactive, false, true);
  if (input.scheduled && !actor.isScheduleAllowed)
    throw new DeliveryFailure(DELIVERY_MESSAGES.scheduleNotAllowed, false, true);
  try {
    const access = await requireProjectAccess(actor, input.projectId, "report:view");
    return { txId: input.txId, ip: "worker", actor, access, agencyName: row.agency.name };
  } catch (error) {
    if (error instanceof AppError && (error.status === 404 || error.status === 403))
      throw new DeliveryFailure(OWNER_MESSAGES.noAccess, false, true, { cause: error });
    throw error;
  }
}
