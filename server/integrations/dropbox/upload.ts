import "server-only";
import type { DropboxAccount } from "./account";
import { dropboxClient, type DropboxClientOptions, type DropboxCredentials } from "./client";
import { toDropboxError } from "./errors";

export interface DropboxUploadResult {
  /** Where it landed; differs from the request when autorename avoided a clash ("Report (1).pptx"). */
  path: string;
  size: number;
  rev: string;
  /** The access token in use after the call (renewed by the SDK when it was about to expire). */
  accessToken: string;
}

/**
 * Uploads one file (up to 150 MB, a single request) in add mode with autorename, so an earlier
 * delivery is never overwritten. Business accounts write relative to the team root, where the
 * folder list's paths come from.
 */
export async function uploadToDropbox(input: {
  credentials: DropboxCredentials;
  account: Pick<DropboxAccount, "isTeam" | "rootNamespaceId">;
  folder: string;
  fileName: string;
  contents: Buffer;
  options?: Pick<DropboxClientOptions, "retry">;
}): Promise<DropboxUploadResult> {
  const { client, auth } = dropboxClient(input.credentials, {
    ...input.options,
    rootNamespaceId: input.account.isTeam ? input.account.rootNamespaceId : undefined,
  });
  const folder = input.folder.replace(/\/+$/, "");
  const safeName = input.fileName.replace(/[\\/:*?"<>|]/g, "-");
  try {
    const res = await client.filesUpload({
      path: `${folder}/${safeName}`,
      contents: input.contents,
      mode: { ".tag": "add" },
      autorename: true,
      mute: false,
    });
    return {
      path: res.result.path_display ?? `${folder}/${safeName}`,
      size: res.result.size,
      rev: res.result.rev,
      accessToken: auth.getAccessToken(),
    };
  } catch (error) {
    throw toDropboxError(error);
  }
}
