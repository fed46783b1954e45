import type { SaveToDropboxInput } from "../validation/dropbox";
import type { CreateShareLinkInput } from "../validation/share-links";
import type { getDropboxConnection } from "@/server/services/dropbox/get-connection";
import type { listFolders } from "@/server/services/dropbox/list-folders";
import type { saveExportToDropbox } from "@/server/services/dropbox/save-export";
import type { createShareLink } from "@/server/services/share-links/create-share-link";
import type { listShareLinks } from "@/server/services/share-links/list-share-links";
import type { openSharedReport } from "@/server/services/share-links/open-shared-report";
import type { listThirdPartySessions } from "@/server/services/third-party/list-sessions";
import { http } from "./http";
import type { Serialized } from "./types";

// Typed calls for Dropbox, report share links and third-party connections. The shapes are those
// the services return (server/services/dropbox, share-links, third-party).

const enc = encodeURIComponent;

type Result<F extends (...args: never[]) => unknown> = Serialized<Awaited<ReturnType<F>>>;

export type DropboxConnection = Result<typeof getDropboxConnection>;
export type DropboxFolder = Result<typeof listFolders>["folders"][number];
export type DropboxSaved = Result<typeof saveExportToDropbox>;
export type ShareLink = Result<typeof listShareLinks>["docs"][number];
export type CreatedShareLink = Result<typeof createShareLink>;
export type ThirdPartySession = Result<typeof listThirdPartySessions>["docs"][number];
export type SharedReport = Result<typeof openSharedReport>;

/** The link that starts a Dropbox connection and comes back to `returnPath`: a page navigation, not a fetch. */
export const dropboxConnectHref = (apiUrl: (path: string) => string, returnPath: string) =>
  apiUrl(`/dropbox/connect?next=${enc(returnPath)}`);

export const fileStorageApi = {
  dropbox: {
    connection: () => http.get<DropboxConnection>("/dropbox/session"),
    disconnect: () => http.delete<{ connected: false }>("/dropbox/session"),
    folders: (path: string) => http.get<{ path: string; folders: DropboxFolder[] }>("/dropbox/folders", { path }),
    save: (projectId: string, body: SaveToDropboxInput) =>
      http.post<DropboxSaved>(`/properties/${enc(projectId)}/insights/export/dropbox`, body),
  },
  shareLinks: {
    list: (reportId: string) => http.get<{ docs: ShareLink[] }>("/reportTokens", { reportId }),
    create: (body: CreateShareLinkInput) => http.post<CreatedShareLink>("/reportTokens", body),
    revoke: (id: string) => http.post<ShareLink>(`/reportTokens/${enc(id)}/revoke`),
  },
  thirdParty: {
    list: (userId: string) => http.get<{ docs: ThirdPartySession[] }>(`/users/third-party-session/${enc(userId)}`),
    revoke: (userId: string, session: string) =>
      http.post<{ _id: string; revoked: boolean }>(`/users/third-party-session/${enc(userId)}/revoke`, { session }),
  },
};
