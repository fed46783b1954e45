import "server-only";
import { uploadToDropbox } from "../../integrations/dropbox/upload";
import { withDropbox } from "./with-dropbox";

export interface SavedToDropbox {
  /** Where the file landed; autorename may have added " (1)" to the name. */
  path: string;
  size: number;
}

/**
 * Uploads a finished file to a user's Dropbox folder (add mode, autorename: an earlier delivery is
 * never overwritten). The seam for any delivery to Dropbox, by hand or on a schedule: errors come
 * out as AppErrors with the user's message, and a dead token has already revoked the session.
 */
export async function saveFileToDropbox(input: {
  userId: string;
  folder: string;
  file: { fileName: string; body: Buffer };
}): Promise<SavedToDropbox> {
  const result = await withDropbox(input.userId, (credentials, account) =>
    uploadToDropbox({
      credentials,
      account,
      folder: input.folder,
      fileName: input.file.fileName,
      contents: input.file.body,
    }),
  );
  return { path: result.path, size: result.size };
}
