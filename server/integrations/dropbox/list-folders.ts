import "server-only";
import type { files, sharing } from "dropbox";
import type { DropboxAccount } from "./account";
import { dropboxClient, type DropboxClientOptions, type DropboxCredentials } from "./client";
import { toDropboxError } from "./errors";

export interface DropboxFolder {
  name: string;
  /** Display path, from the account's root (the team space for business accounts). */
  path: string;
  /** own: the user's folders; team: a team folder; shared: a folder shared with the user. */
  kind: "own" | "team" | "shared";
}

const WRITABLE_ACCESS = new Set(["owner", "editor"]);

function writable(entry: files.FolderMetadataReference): boolean {
  const s = entry.sharing_info;
  return !s || !(s.read_only || s.traverse_only || s.no_access);
}

async function listChildren(
  client: ReturnType<typeof dropboxClient>["client"],
  path: string,
): Promise<files.FolderMetadataReference[]> {
  const folders: files.FolderMetadataReference[] = [];
  let page = (await client.filesListFolder({ path, recursive: false })).result;
  for (;;) {
    for (const e of page.entries) if (e[".tag"] === "folder") folders.push(e);
    if (!page.has_more) return folders;
    page = (await client.filesListFolderContinue({ cursor: page.cursor })).result;
  }
}

async function listSharedFolders(
  client: ReturnType<typeof dropboxClient>["client"],
): Promise<sharing.SharedFolderMetadata[]> {
  const all: sharing.SharedFolderMetadata[] = [];
  let page = (await client.sharingListFolders({ limit: 1000 })).result;
  for (;;) {
    all.push(...page.entries);
    if (!page.cursor) return all;
    page = (await client.sharingListFoldersContinue({ cursor: page.cursor })).result;
  }
}

/**
 * The folders a report can be saved into, under `path` ("" for the top). Personal accounts see their
 * own folders; business accounts see, from the team root, their member folder, the team folders and
 * the folders shared with them. Read-only, traverse-only and no-access folders are left out, and so
 * are shared folders that are not mounted (they have no path to write to).
 */
export async function listDropboxFolders(input: {
  credentials: DropboxCredentials;
  account: Pick<DropboxAccount, "isTeam" | "rootNamespaceId" | "homePath">;
  path?: string;
  options?: Pick<DropboxClientOptions, "retry">;
}): Promise<DropboxFolder[]> {
  const path = input.path ?? "";
  const team = input.account.isTeam;
  const { client } = dropboxClient(input.credentials, {
    ...input.options,
    rootNamespaceId: team ? input.account.rootNamespaceId : undefined,
  });
  try {
    const children = (await listChildren(client, path)).filter(writable);
    const home = input.account.homePath.toLowerCase();
    const folders: DropboxFolder[] = children.map((f) => ({
      name: f.name,
      path: f.path_display ?? f.name,
      kind: team && path === "" ? (f.path_lower === home ? "own" : "team") : f.sharing_info ? "shared" : "own",
    }));
    if (!team || path !== "") return folders;

    const seen = new Set(children.map((f) => f.path_lower));
    for (const s of await listSharedFolders(client)) {
      if (!WRITABLE_ACCESS.has(s.access_type[".tag"]) || !s.path_lower || seen.has(s.path_lower)) continue;
      seen.add(s.path_lower);
      folders.push({ name: s.name, path: s.path_display ?? s.name, kind: "shared" });
    }
    return folders;
  } catch (error) {
    throw toDropboxError(error);
  }
}
