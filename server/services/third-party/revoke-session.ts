import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { db } from "../../db/client";
import { thirdPartySessions } from "../../db/schema";
import { NotFoundError } from "../../errors";
import { log } from "../../log";
import { revokeDropboxToken } from "../../integrations/dropbox/revoke";
import type { ServiceContext } from "../context";
import { credentialsOf, DROPBOX_SESSION_TYPE, revokeSessionRow } from "../dropbox/dropbox-session";

/**
 * POST /users/third-party-session/{id}/revoke with { session }: ends one of the caller's own
 * connections. The row is revoked here first (the app stops using it whatever the provider says);
 * a Dropbox token is then also revoked at Dropbox, on a best-effort basis. Data sources that used
 * a revoked Google sign-in report it on their next sync and ask for a new sign-in.
 */
export async function revokeThirdPartySession({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { userId: string; sessionId: string };
}): Promise<{ _id: string; revoked: true }> {
  if (input.userId !== ctx.actor.userId) throw new NotFoundError();
  const [session] = await db()
    .select()
    .from(thirdPartySessions)
    .where(
      and(
        eq(thirdPartySessions.id, input.sessionId),
        eq(thirdPartySessions.userId, ctx.actor.userId),
        eq(thirdPartySessions.agencyId, ctx.actor.agencyId),
        isNull(thirdPartySessions.revokedAt),
      ),
    );
  if (!session) throw new NotFoundError();
  await revokeSessionRow(session);
  if (session.type === DROPBOX_SESSION_TYPE) {
    await revokeDropboxToken(credentialsOf(session)).catch((error: unknown) =>
      log("warn", "dropbox token revoke failed", { txId: ctx.txId, error: String(error) }),
    );
  }
  return { _id: session.id, revoked: true };
}
