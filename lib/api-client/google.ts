import type { CreateGoogleDataSourceInput } from "../validation/google-data-sources";
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
export interface GoogleAccount {
  email: string;
  name: string | null;
  connectedAt: string;
}
export interface SyncRun {
  _id: string;
  mode: "initial" | "incremental";
  status: "running" | "succeeded" | "failed";
  startDate: string | null;
  endDate: string | null;
  rows: number;
  durationMs: number | null;
  error: string | null;
  startedAt: string;
  finishedAt: string | null;
}
export interface SyncStatus {
  syncable: boolean;
  state: {
    initialStartDate: string | null;
    importedThrough: string | null;
    initialCompletedAt: string | null;
    lastSuccessAt: string | null;
    tokenUpdateFailed: boolean;
    tokenUpdateFailedAt: string | null;
    lastError: string | null;
  } | null;
  running: boolean;
  progress: { daysDone: number; daysTotal: number } | null;
  runs: SyncRun[];
  /** CRM and ecommerce sources: what the imported days hold, per metric. */
  totals?: { metric: string; label: string; unit: string; value: number }[];
  /** The currency of the totals' money: the store's own, else the project's. */
  currency?: string;
}
export interface TokenAlert {
  dataSourceId: string;
  name: string;
  subType: string | null;
  projectId: string;
  projectName: string;
  since: string;
  message: string;
  canReconnect: boolean;
}

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
