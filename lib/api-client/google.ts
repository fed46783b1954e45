import type { z } from "zod";
import type { CreateGoogleDataSourceInput } from "../validation/google-data-sources";
import type {
  googleAccountResponse,
  syncStatusResponse,
  tokenAlertResponse,
} from "../validation/responses/data-sources";
import { apiUrl, http } from "./http";
import type { DataSource } from "./types";

// The browser's calls to /api/google-service and a source's sync status.

export interface GoogleOption {
  id: string;
  name: string;
}
export interface GoogleListing<T extends GoogleOption = GoogleOption> {
  docs: T[];
  /** The spec's message when the list is empty for a reason the user can act on. */
  message?: string;
}
export interface GoalListing extends GoogleListing {
  primary: GoogleOption[];
  secondary: GoogleOption[];
  primaryMessage?: string;
  secondaryMessage?: string;
}
// One definition: the response schemas the OpenAPI document and the test suite check the routes against.
export type GoogleAccount = z.output<typeof googleAccountResponse>;
export type SyncStatus = z.output<typeof syncStatusResponse>;
export type SyncRun = SyncStatus["runs"][number];
export type TokenAlert = z.output<typeof tokenAlertResponse>;

const enc = encodeURIComponent;
type Query = Record<string, string | undefined>;

export const googleApi = {
  account: () => http.get<{ account: GoogleAccount | null }>("/google-service/session"),
  /** Any listing route under /api/google-service (e.g. "analytics-4/properties"). */
  list: <T extends GoogleListing = GoogleListing>(path: string, query: Query = {}) =>
    http.get<T>(`/google-service/${path}`, query),
  createSource: (projectId: string, body: CreateGoogleDataSourceInput) =>
    http.post<DataSource>(`/properties/${enc(projectId)}/data-sources`, body),
  syncStatus: (id: string) => http.get<SyncStatus>(`/data-sources/${enc(id)}/sync`),
  syncNow: (id: string) => http.post<{ status: number; message: string }>(`/data-sources/${enc(id)}/sync`),
  tokenAlerts: (projectId?: string) =>
    http.get<{ docs: TokenAlert[] }>("/google-service/token-alerts", projectId ? { projectId } : undefined),
  /** Where the sign-in popup starts (a page navigation, not a fetch: it ends on Google's consent page). */
  signInUrl: (attempt: string, dataSourceId?: string) =>
    `${apiUrl("/google-service/auth-code")}?${new URLSearchParams({ attempt, ...(dataSourceId ? { dataSourceId } : {}) })}`,
};
