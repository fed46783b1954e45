import "server-only";
import { eq } from "drizzle-orm";
import { MESSAGES } from "@/lib/constants/messages";
import { db } from "../../db/client";
import { agencies, users } from "../../db/schema";
import { BadRequestError } from "../../errors";
import { consumeUserToken } from "../accounts/consume-user-token";
import type { PublicServiceContext } from "../context";

/** Confirms the agency of the token's user; the token then stops working. */
export async function confirmAgency({ input }: { ctx: PublicServiceContext; input: { token: string } }) {
  const { token } = input;
  return db().transaction(async (tx) => {
    const used = await consumeUserToken(tx, token, "confirmation");
    if (!used) throw new BadRequestError(MESSAGES.confirmationTokenInvalid);
    const [user] = await tx
      .select({ agencyId: users.agencyId, email: users.email })
      .from(users)
      .where(eq(users.id, used.userId));
    await tx.update(agencies).set({ confirmedAt: new Date() }).where(eq(agencies.id, user.agencyId));
    return { agencyId: user.agencyId, email: user.email, message: MESSAGES.agencyConfirmed };
  });
}
