import "server-only";
import type { ServiceContext } from "../context";
import { revokeThirdPartySession } from "../third-party/revoke-session";
import { activeDropboxSession } from "./dropbox-session";

/** DELETE /dropbox/session: disconnects the caller's Dropbox (nothing to do when none is connected). */
export async function disconnectDropbox({ ctx }: { ctx: ServiceContext }): Promise<{ connected: false }> {
  const session = await activeDropboxSession(ctx.actor.userId);
  if (session) await revokeThirdPartySession({ ctx, input: { userId: ctx.actor.userId, sessionId: session.id } });
  return { connected: false };
}
