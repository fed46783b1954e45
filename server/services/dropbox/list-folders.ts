import "server-only";
import { listDropboxFolders, type DropboxFolder } from "../../integrations/dropbox/list-folders";
import type { ServiceContext } from "../context";
import { withDropbox } from "./with-dropbox";

/**
 * GET /dropbox/folders: the folders under `path` the caller can save into (business accounts see
 * the team root and their writable shared folders; read-only and no-access ones are left out).
 */
export async function listFolders({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { path: string };
}): Promise<{ path: string; folders: DropboxFolder[] }> {
  const folders = await withDropbox(ctx.actor.userId, (credentials, account) =>
    listDropboxFolders({ credentials, account, path: input.path }),
  );
  return { path: input.path, folders };
}
