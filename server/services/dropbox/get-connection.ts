import "server-only";
import type { ServiceContext } from "../context";
import { activeDropboxSession, sessionInfo } from "./dropbox-session";

export interface DropboxConnection {
  connected: boolean;
  email?: string;
  displayName?: string;
  accountType?: string;
  connectedAt?: string;
}

/** GET /dropbox/session: whether the caller has Dropbox connected, and as whom (never the tokens). */
export async function getDropboxConnection({ ctx }: { ctx: ServiceContext }): Promise<DropboxConnection> {
  const session = await activeDropboxSession(ctx.actor.userId);
  if (!session) return { connected: false };
  const info = sessionInfo(session);
  return {
    connected: true,
    email: info.email,
    displayName: info.displayName,
    accountType: info.accountType,
    connectedAt: info.connectedAt,
  };
}
