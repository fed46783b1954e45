import "server-only";
import type { ThirdPartyProviderKey } from "@/lib/constants/third-party-providers";
import { and, desc, eq, isNull } from "drizzle-orm";
import { db } from "../../db/client";
import { thirdPartySessions } from "../../db/schema";
import { NotFoundError } from "../../errors";
import type { ServiceContext } from "../context";
import { describeSession } from "./session-account";

export interface ThirdPartySessionView {
  _id: string;
  type: string;
  /** The provider whose name and mark the page shows (THIRD_PARTY_PROVIDERS), null for a type it does not know. */
  provider: ThirdPartyProviderKey | null;
  service: string;
  /** The third-party account's email, as it signed in. */
  account: string;
  accountType: string | null;
  connectedAt: string;
}

/**
 * GET /users/third-party-session/{id}: the services a user has connected (Dropbox, Google, HubSpot, Shopify,
 * Meta), with the provider, the account and the date; never the tokens. Users see their own connections only.
 */
export async function listThirdPartySessions({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { userId: string };
}): Promise<{ docs: ThirdPartySessionView[] }> {
  if (input.userId !== ctx.actor.userId) throw new NotFoundError();
  const rows = await db()
    .select()
    .from(thirdPartySessions)
    .where(
      and(
        eq(thirdPartySessions.userId, ctx.actor.userId),
        eq(thirdPartySessions.agencyId, ctx.actor.agencyId),
        isNull(thirdPartySessions.revokedAt),
      ),
    )
    .orderBy(desc(thirdPartySessions.createdAt));
  return {
    docs: rows.map((row) => {
      const info = row.additionalInfo as { connectedAt?: string };
      return {
        _id: row.id,
        type: row.type,
        ...describeSession(row.type, row.additionalInfo),
        connectedAt: info.connectedAt ?? row.createdAt.toISOString(),
      };
    }),
  };
}
