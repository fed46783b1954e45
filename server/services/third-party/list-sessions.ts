import "server-only";
import { and, desc, eq, isNull } from "drizzle-orm";
import { db } from "../../db/client";
import { thirdPartySessions } from "../../db/schema";
import { NotFoundError } from "../../errors";
import type { ServiceContext } from "../context";

const LABELS: Record<string, string> = { dropbox: "Dropbox", google: "Google" };

export interface ThirdPartySessionView {
  _id: string;
  type: string;
  service: string;
  /** The third-party account's email, as it signed in. */
  account: string;
  accountType: string | null;
  connectedAt: string;
}

/**
 * GET /users/third-party-session/{id}: the services a user has connected (Dropbox, Google), with
 * the account and the date; never the tokens. Users see their own connections only.
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
      const info = row.additionalInfo as { email?: string; accountType?: string; connectedAt?: string };
      return {
        _id: row.id,
        type: row.type,
        service: LABELS[row.type] ?? row.type,
        account: info.email ?? "",
        accountType: info.accountType ?? null,
        connectedAt: info.connectedAt ?? row.createdAt.toISOString(),
      };
    }),
  };
}
